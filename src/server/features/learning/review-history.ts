// The review logs as the fits read them (issue 22): a learner's history, and which learners' histories the fits over
// all learners sample.
import { asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { LearningGrade } from "@shared/constants";
import type { WordReview } from "@shared/rules/learning/word-estimates";
import type { UserDayClock } from "@shared/rules/learning/day-start";
import type { AppContext } from "@server/context";
import { cards, reviewLogs, users } from "@server/db/schema";
import { userDayClock } from "./cards";
import type { ReviewForFit } from "./personal-parameters";

/** One grade of a learner's log, by card (the optimiser's view) and by word (what all learners share). */
export type LoggedReview = ReviewForFit & WordReview;

/**
 * A learner's history: every grade in their review log. Since issue 22 a delivery is an introduction, not a rating,
 * so each card's first answer is its first rating.
 */
export async function historyForFit(
  ctx: AppContext,
  userId: string,
): Promise<{ history: LoggedReview[]; reviews: number }> {
  const grades = await ctx.db
    .select({
      cardId: reviewLogs.cardId,
      wordId: cards.wordId,
      grade: reviewLogs.grade,
      reviewedAt: reviewLogs.reviewedAt,
    })
    .from(reviewLogs)
    .innerJoin(cards, eq(cards.id, reviewLogs.cardId))
    .where(eq(reviewLogs.userId, userId))
    // In time order, as the simulation's logs are: the fit's items follow the order of each card's first answer.
    .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
  // The column's check keeps grade to FSRS's four names.
  return {
    history: grades.map((log) => ({ ...log, grade: log.grade as LearningGrade })),
    reviews: grades.length,
  };
}

/**
 * Whether the logs hold enough to pool: `minimum.reviews` from at least `minimum.learners` learners (counted from the
 * users' own columns, kept by the log's triggers), so no handful of heavy reviewers speaks for everyone.
 */
export async function enoughToPool(
  ctx: AppContext,
  minimum: { reviews: number; learners: number },
): Promise<boolean> {
  const [totals] = await ctx.db
    .select({
      reviews: sql<number>`coalesce(sum(${users.reviewCount}), 0)`.mapWith(Number),
      learners: count(),
    })
    .from(users)
    .where(gt(users.reviewCount, 0));
  return !!totals && totals.reviews >= minimum.reviews && totals.learners >= minimum.learners;
}

/** The `limit` learners who reviewed most recently, with their day clocks: whom a fit over all learners reads. */
export async function recentReviewers(
  ctx: AppContext,
  limit: number,
): Promise<{ id: string; clock: UserDayClock }[]> {
  const sample = await ctx.db
    .select({ id: users.id, timeZone: users.timeZone, dayStartsAtHour: users.dayStartsAtHour })
    .from(users)
    .where(gt(users.reviewCount, 0))
    .orderBy(desc(users.lastReviewedAt), asc(users.id))
    .limit(limit);
  return sample.map((user) => ({ id: user.id, clock: userDayClock(user) }));
}
