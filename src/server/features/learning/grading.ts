import { and, eq } from "drizzle-orm";
import type { GradeResponse, Rating } from "@shared/api/learning";
import { LEARNING_GRADES } from "@shared/constants";
import { gradeCard, markKnown, unmarkKnown, type GradeChannel } from "@shared/rules/learning/fsrs";
import type { AppContext } from "@server/context";
import type { Transaction } from "@server/db/raw";
import { cards, deliveries, reviewLogs, users } from "@server/db/schema";
import { invalidateRecentActivity } from "@server/features/notifications/service";
import { conflict, notFound } from "@server/platform/errors/app-error";
import { cardColumns, toLearningCard, userDayClock, type CardRow } from "./cards";
import { schedulingWeightsOf } from "./personal-parameters-job";

export interface GradeRequest {
  userId: string;
  cardId: number;
  rating: Rating;
  channel: GradeChannel;
  /** The delivery the grade answers (e-mail link, notification, push, SMS): it takes one grade only. */
  deliveryId?: number;
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

const gradeResponse = (row: Pick<CardRow, "due" | "state" | "stability">): GradeResponse => ({
  due: row.due.toISOString(),
  state: row.state as GradeResponse["state"],
  stability: row.stability,
});

/**
 * Records one grade: FSRS schedules the card, a review log row says why. A grade that answers a delivery already
 * graded records nothing and answers the card as it is (a second tap on the same e-mail link, a retried POST).
 */
export async function recordGrade(ctx: AppContext, request: GradeRequest): Promise<GradeResponse> {
  const graded = await ctx.db.transaction(async (tx) => {
    const row = await lockCard(tx, request.userId, request.cardId);
    if (request.deliveryId !== undefined) {
      // Only the user's own delivery of this card's word can be answered by it.
      const [delivery] = await tx
        .select({ id: deliveries.id })
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
        .select({ id: reviewLogs.id })
        .from(reviewLogs)
        .where(eq(reviewLogs.deliveryId, request.deliveryId));
      if (earlier) return gradeResponse(row);
    }
    if (row.knownAt) {
      throw conflict("This word is marked as known. Undo that to review it again.", "CARD_KNOWN");
    }
    const now = ctx.clock.now();
    const grade = LEARNING_GRADES[request.rating - 1]!;
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
      deliveryId: request.deliveryId ?? null,
    });
    return gradeResponse(updated!);
  });
  // The notification list shows a delivery's grade: drop the cached list once the grade has committed.
  if (request.deliveryId !== undefined) await invalidateRecentActivity(ctx, [request.userId]);
  return graded;
}

/** "I already know this word": retired from sending and counted as known. Marking it twice keeps the first date. */
export async function markCardKnown(
  ctx: AppContext,
  userId: string,
  cardId: number,
): Promise<{ cardId: number; knownAt: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockCard(tx, userId, cardId);
    if (row.knownAt) return { cardId: row.id, knownAt: row.knownAt.toISOString() };
    const known = markKnown(toLearningCard(row), ctx.clock.now());
    await tx.update(cards).set(cardColumns(known)).where(eq(cards.id, row.id));
    return { cardId: row.id, knownAt: known.knownAt!.toISOString() };
  });
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
