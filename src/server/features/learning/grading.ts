import { and, desc, eq, isNull } from "drizzle-orm";
import type { DELIVERY_KINDS } from "@shared/api/history";
import type { GradeResponse, Rating, ReviewMode } from "@shared/api/learning";
import {
  LEARNING_GRADES,
  MULTIPLE_CHOICE_MAX_GRADE,
  type LearningGrade,
  type QuickGrade,
} from "@shared/constants";
import { answerOfTap, comesBackIn, gradeOfAnswer } from "@shared/rules/learning/answers";
import {
  gradeCard,
  markKnown,
  ratingOfGrade,
  unmarkKnown,
  type GradeChannel,
} from "@shared/rules/learning/fsrs";
import type { AppContext } from "@server/context";
import type { Transaction } from "@server/db/raw";
import { cards, deliveries, reviewLogs, subscriptions, users } from "@server/db/schema";
import { invalidateRecentActivity } from "@server/features/notifications/service";
import { conflict, notFound } from "@server/platform/errors/app-error";
import { cardColumns, toLearningCard, userDayClock, type CardRow } from "./cards";
import { schedulingWeightsOf } from "./personal-parameters-job";

interface GradeRequestBase {
  userId: string;
  cardId: number;
  channel: GradeChannel;
  /** How /review asked (absent elsewhere): multiple choice records at most MULTIPLE_CHOICE_MAX_GRADE. */
  mode?: ReviewMode;
}

/**
 * A rating (/review, and any delivery answered with one), or a quick answer to a delivery, which the server grades
 * by the delivery's kind (`answerOfTap`) so no channel or client can give "Knew it" another meaning (issue 22).
 */
export type GradeRequest = GradeRequestBase &
  (
    | {
        rating: Rating;
        /** The delivery the grade answers (e-mail link, notification, push, SMS): it takes one grade only. */
        deliveryId?: number;
      }
    | { answer: QuickGrade; deliveryId: number }
  );

/** The grade a rating records: capped for a multiple-choice answer (practice, not proof of recall). */
export function gradeRecorded(rating: Rating, mode: ReviewMode | undefined): LearningGrade {
  const cap = mode === "multiple_choice" ? ratingOfGrade(MULTIPLE_CHOICE_MAX_GRADE) : 4;
  return LEARNING_GRADES[Math.min(rating, cap) - 1]!;
}

/** The user's card, locked for this transaction; another user's card is not found, as if it did not exist. */
async function lockCard(tx: Transaction, userId: string, cardId: number): Promise<CardRow> {
  const [row] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId)))
    .for("update");
  if (!row) throw notFound("Card not found");
  return row;
}

const gradeResponse = (
  grade: LearningGrade,
  row: Pick<CardRow, "due" | "state" | "stability">,
  comesBack: string,
): GradeResponse => ({
  rating: ratingOfGrade(grade),
  due: row.due.toISOString(),
  comesBack,
  state: row.state as GradeResponse["state"],
  stability: row.stability,
});

/**
 * When a word due at `due` comes back, as every confirmation says it (`comesBackIn`): in the learner's days, with
 * the next send of the subscription that delivered it (`deliveryId`) when that send is on or after the due day.
 */
export async function comesBackOf(
  db: Transaction | AppContext["db"],
  userId: string,
  deliveryId: number | undefined,
  due: Date,
  now: Date,
): Promise<string> {
  const [found] = await db
    .select({
      timeZone: users.timeZone,
      dayStartsAtHour: users.dayStartsAtHour,
      nextSendAt: subscriptions.nextDeliveryAt,
    })
    .from(users)
    .leftJoin(deliveries, and(eq(deliveries.userId, users.id), eq(deliveries.id, deliveryId ?? NO_DELIVERY)))
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.id, deliveries.subscriptionId),
        subscriptions.active,
        eq(subscriptions.status, "active"),
      ),
    )
    .where(eq(users.id, userId));
  return comesBackIn(
    due,
    now,
    userDayClock(found ?? { timeZone: null, dayStartsAtHour: 0 }),
    found?.nextSendAt ?? null,
  );
}
/** No delivery has id 0 (serial ids start at 1): a grade that answers none joins no subscription. */
const NO_DELIVERY = 0;

/**
 * An answer to a word, wherever it was given, reads the word's in-app notifications: the bell's badge drops at once
 * and stays dropped after a reload (issue 29).
 */
async function markWordNotificationsRead(tx: Transaction, userId: string, wordId: number, now: Date) {
  await tx
    .update(deliveries)
    .set({ readAt: now })
    .where(
      and(
        eq(deliveries.userId, userId),
        eq(deliveries.wordId, wordId),
        deliveries.inApp,
        isNull(deliveries.readAt),
      ),
    );
}

async function latestUnansweredDelivery(tx: Transaction, userId: string, wordId: number) {
  const [open] = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .leftJoin(reviewLogs, eq(reviewLogs.deliveryId, deliveries.id))
    .where(and(eq(deliveries.userId, userId), eq(deliveries.wordId, wordId), isNull(reviewLogs.id)))
    .orderBy(desc(deliveries.id))
    .limit(1);
  return open?.id;
}

/**
 * Records one grade: FSRS schedules the card, a review log row says why, and the word's notifications are read. A
 * grade that answers a delivery already graded records nothing and answers the card as it is, with the grade
 * recorded then (a second tap on the same e-mail link, a retried POST).
 */
export async function recordGrade(ctx: AppContext, request: GradeRequest): Promise<GradeResponse> {
  const graded = await ctx.db.transaction(async (tx) => {
    const row = await lockCard(tx, request.userId, request.cardId);
    const now = ctx.clock.now();
    await markWordNotificationsRead(tx, request.userId, row.wordId, now);
    let deliveryKind: (typeof DELIVERY_KINDS)[number] | undefined;
    if (request.deliveryId !== undefined) {
      // Only the user's own delivery of this card's word can be answered by it.
      const [delivery] = await tx
        .select({ id: deliveries.id, kind: deliveries.kind })
        .from(deliveries)
        .where(
          and(
            eq(deliveries.id, request.deliveryId),
            eq(deliveries.userId, request.userId),
            eq(deliveries.wordId, row.wordId),
          ),
        );
      if (!delivery) throw notFound("Delivery not found");
      const [earlier] = await tx
        .select({ grade: reviewLogs.grade })
        .from(reviewLogs)
        .where(eq(reviewLogs.deliveryId, request.deliveryId));
      if (earlier) {
        const comesBack = await comesBackOf(tx, request.userId, request.deliveryId, row.due, now);
        return gradeResponse(earlier.grade as LearningGrade, row, comesBack);
      }
      deliveryKind = delivery.kind;
    }
    // An answer given where no delivery is named (/review) answers the word's latest unanswered delivery, so every
    // place that asked for the word shows it answered.
    const answers = request.deliveryId ?? (await latestUnansweredDelivery(tx, request.userId, row.wordId));
    if (row.knownAt) {
      throw conflict("This word is marked as known. Undo that to review it again.", "CARD_KNOWN");
    }
    const grade =
      "answer" in request
        ? gradeOfAnswer(answerOfTap(request.answer, deliveryKind!))
        : gradeRecorded(request.rating, request.mode);
    // The learner's days, and the weights their grades are scheduled with (their own, the pooled ones, or FSRS's).
    const [owner] = await tx
      .select({ timeZone: users.timeZone, dayStartsAtHour: users.dayStartsAtHour })
      .from(users)
      .where(eq(users.id, request.userId));
    const { card, log } = gradeCard(
      toLearningCard(row),
      grade,
      now,
      request.channel,
      await schedulingWeightsOf(tx, request.userId),
      owner ? userDayClock(owner) : undefined,
    );
    const [updated] = await tx
      .update(cards)
      .set(cardColumns(card))
      .where(eq(cards.id, row.id))
      .returning({ due: cards.due, state: cards.state, stability: cards.stability });
    await tx.insert(reviewLogs).values({
      cardId: row.id,
      userId: request.userId,
      ...log,
      deliveryId: answers ?? null,
    });
    return gradeResponse(grade, updated!, await comesBackOf(tx, request.userId, answers, updated!.due, now));
  });
  // The notification list shows the word's grade and read mark: drop the cached list once the grade has committed.
  await invalidateRecentActivity(ctx, [request.userId]);
  return graded;
}

/**
 * "I already know this word": retired from sending and counted as known, its notifications read. Marking it twice
 * keeps the first date.
 */
export async function markCardKnown(
  ctx: AppContext,
  userId: string,
  cardId: number,
): Promise<{ cardId: number; knownAt: string }> {
  const marked = await ctx.db.transaction(async (tx) => {
    const row = await lockCard(tx, userId, cardId);
    await markWordNotificationsRead(tx, userId, row.wordId, ctx.clock.now());
    if (row.knownAt) return { cardId: row.id, knownAt: row.knownAt.toISOString() };
    const known = markKnown(toLearningCard(row), ctx.clock.now());
    await tx.update(cards).set(cardColumns(known)).where(eq(cards.id, row.id));
    return { cardId: row.id, knownAt: known.knownAt!.toISOString() };
  });
  await invalidateRecentActivity(ctx, [userId]);
  return marked;
}

/** Undoes "I already know this": the card resumes where FSRS left it. */
export async function unmarkCardKnown(ctx: AppContext, userId: string, cardId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockCard(tx, userId, cardId);
    await tx
      .update(cards)
      .set(cardColumns(unmarkKnown(toLearningCard(row))))
      .where(eq(cards.id, row.id));
  });
}
