import { and, asc, count, eq, inArray, isNull, lt } from "drizzle-orm";
import type { DueCard, GradePreviews } from "@shared/api/learning";
import { endOfUserDay } from "@shared/rules/learning/day-start";
import type { AppContext } from "@server/context";
import { gradePreviewOf } from "@server/db/learning-card";
import { cards, topics, users, words } from "@server/db/schema";
import { userDayClock } from "./cards";

export interface LearnerDay {
  id: string;
  timeZone: string | null;
  dayStartsAtHour: number;
}

/**
 * The cards due by the end of the user's day, most overdue first: what /review works through. "Due" is the send
 * mix's meaning (FSRS's due date falls in the user's current day), so the page and the e-mails agree. A word
 * introduced and not yet answered is new and due (issue 22): answering it here is its first rating. Known cards,
 * and words the library has since withdrawn, are left out.
 */
const dueCardsOf = (user: LearnerDay, dueBy: Date) =>
  and(eq(cards.userId, user.id), isNull(cards.knownAt), lt(cards.due, dueBy), isNull(words.deletedAt));

/** The due cards, each with its grade buttons' preview (graded on /review: channel web, the learner's weights). */
export async function listDueCards(ctx: AppContext, user: LearnerDay, limit: number): Promise<DueCard[]> {
  const now = ctx.clock.now();
  const clock = userDayClock(user);
  const dueBy = endOfUserDay(now, clock);
  const rows = await ctx.db
    .select({
      card: cards,
      weights: users.fsrsWeights,
      wordId: words.id,
      word: words.word,
      definition: words.definition,
      example: words.example,
      pronunciation: words.pronunciation,
      origin: words.origin,
      topicId: topics.id,
      topicName: topics.name,
      topicDisplayName: topics.displayName,
    })
    .from(cards)
    .innerJoin(words, eq(words.id, cards.wordId))
    .innerJoin(topics, eq(topics.id, words.topicId))
    .innerJoin(users, eq(users.id, cards.userId))
    .where(dueCardsOf(user, dueBy))
    .orderBy(asc(cards.due), asc(cards.id))
    .limit(limit);
  return rows.map((row) => ({
    cardId: row.card.id,
    content: {
      id: row.wordId,
      word: row.word,
      definition: row.definition,
      example: row.example,
      pronunciation: row.pronunciation,
      origin: row.origin,
      topic: { id: row.topicId, name: row.topicName, displayName: row.topicDisplayName },
    },
    due: row.card.due.toISOString(),
    state: row.card.state as DueCard["state"],
    // Due cards are never known (dueCardsOf), so the preview is there.
    dueAfter: gradePreviewOf(row.card, now, row.weights, clock)!,
  }));
}

/**
 * The grade buttons' preview of the named cards that are the user's and not known (others are left out), graded
 * with the learner's weights at this moment: what the notification dropdown shows when it opens.
 */
export async function gradePreviewsOf(
  ctx: AppContext,
  user: LearnerDay & { fsrsWeights: number[] | null },
  cardIds: number[],
): Promise<GradePreviews> {
  const rows = await ctx.db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, user.id), inArray(cards.id, cardIds), isNull(cards.knownAt)))
    .orderBy(asc(cards.id));
  const now = ctx.clock.now();
  const clock = userDayClock(user);
  // Not known (the filter above), so each preview is there.
  return rows.map((card) => ({
    cardId: card.id,
    dueAfter: gradePreviewOf(card, now, user.fsrsWeights, clock)!,
  }));
}

/** How many cards listDueCards would show without a limit. */
export async function countDueCards(ctx: AppContext, user: LearnerDay): Promise<number> {
  const dueBy = endOfUserDay(ctx.clock.now(), userDayClock(user));
  const [row] = await ctx.db
    .select({ due: count() })
    .from(cards)
    .innerJoin(words, eq(words.id, cards.wordId))
    .where(dueCardsOf(user, dueBy));
  return row?.due ?? 0;
}
