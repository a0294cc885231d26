import type { SendChannelName } from "@shared/channels";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "@server/context";
import { cards, deliveries, users, words } from "@server/db/schema";
import { AppError } from "@server/platform/errors/app-error";
import { comesBackOf, markCardKnown, recordGrade } from "./grading";
import { countDueCards } from "./review-queue";

/** The answers a delivered word offers where it arrives (e-mail links, push actions, SMS replies). */
export type DeliveryAnswer = "knew_it" | "didnt_know" | "known";

export interface AnsweredDelivery {
  word: string;
  /** Shown once the learner has answered: a review asks before it tells (issue 22). */
  definition: string;
  partOfSpeech: string | null;
  /** When the word comes back; null once it is marked as known (it never does). */
  due: Date | null;
  /** The same as the confirmations say it ("tomorrow, with your next words", "in 3 days"); null when known. */
  comesBack: string | null;
  /** Cards due in the user's day after this answer: what the page offers to review next. */
  dueCount: number;
}

/** The delivered word and its card, found by the delivery's link id; null for a delivery that no longer exists. */
export async function findDeliveryCard(ctx: AppContext, deliveryLinkId: string) {
  const [row] = await ctx.db
    .select({
      deliveryId: deliveries.id,
      deliveredAt: deliveries.createdAt,
      kind: deliveries.kind,
      word: words.word,
      definition: words.definition,
      partOfSpeech: words.partOfSpeech,
      cardId: cards.id,
      cardDue: cards.due,
      cardKnownAt: cards.knownAt,
      user: { id: users.id, timeZone: users.timeZone, dayStartsAtHour: users.dayStartsAtHour },
    })
    .from(deliveries)
    .innerJoin(words, eq(words.id, deliveries.wordId))
    .innerJoin(users, eq(users.id, deliveries.userId))
    .innerJoin(cards, and(eq(cards.userId, deliveries.userId), eq(cards.wordId, deliveries.wordId)))
    .where(eq(deliveries.linkId, deliveryLinkId));
  return row ?? null;
}

/**
 * Records the answer a signed link names for its delivery, as its owner, with the meaning of `answerOfTap` (issue
 * 22): "knew it" on a new word is Easy ("I knew this already"), on a review Good ("I remember"); "didn't know" is
 * Again (one grade per delivery: a second POST finds the first); "known" retires the card, once per delivery: after the learner
 * un-marks the word, the same link reports where the card stands instead of retiring it again. A card already marked as
 * known cannot be graded; the answer then reports it as known rather than failing.
 */
export async function answerDelivery(
  ctx: AppContext,
  deliveryLinkId: string,
  answer: DeliveryAnswer,
  channel: SendChannelName,
): Promise<AnsweredDelivery | null> {
  const found = await findDeliveryCard(ctx, deliveryLinkId);
  if (!found) return null;
  let due: Date | null = null;
  if (answer === "known") {
    const [claimed] = await ctx.db
      .update(deliveries)
      .set({ knownLinkUsedAt: ctx.clock.now() })
      .where(and(eq(deliveries.id, found.deliveryId), isNull(deliveries.knownLinkUsedAt)))
      .returning({ id: deliveries.id });
    if (claimed || found.cardKnownAt) await markCardKnown(ctx, found.user.id, found.cardId);
    else due = found.cardDue;
  } else {
    try {
      const graded = await recordGrade(ctx, {
        userId: found.user.id,
        cardId: found.cardId,
        answer,
        channel,
        deliveryId: found.deliveryId,
      });
      due = new Date(graded.due);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "CARD_KNOWN")) throw error;
    }
  }
  return {
    word: found.word,
    definition: found.definition,
    partOfSpeech: found.partOfSpeech,
    due,
    comesBack: due && (await comesBackOf(ctx.db, found.user.id, found.deliveryId, due, ctx.clock.now())),
    dueCount: await countDueCards(ctx, found.user),
  };
}
