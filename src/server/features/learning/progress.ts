import { eq } from "drizzle-orm";
import type { Progress } from "@shared/api/learning";
import { addDays, dayNumber, userDayOf, type UserDayClock } from "@shared/rules/learning/day-start";
import { DAY_MS } from "@shared/constants";
import {
  isReviewable,
  retrievability,
  type CardState,
  type LearningCard,
  type FsrsWeights,
  type GradeChannel,
} from "@shared/rules/learning/fsrs";
import {
  completionCounts,
  completionRateOf,
  dueForecast,
  wordsLearned,
} from "@shared/rules/learning/progress";
import {
  wordsYouWouldHaveRecalled,
  wordsYouWouldRecall,
  type WordHistory,
} from "@shared/rules/learning/recall";
import { computeStreak } from "@shared/rules/learning/streak";
import type { LearningGrade } from "@shared/constants";
import type { AppContext } from "@server/context";
import { cards, reviewLogs, topics, words } from "@server/db/schema";
import { toLearningCard, userDayClock } from "./cards";
import { schedulingWeightsOf } from "./personal-parameters-job";
import type { LearnerDay } from "./review-queue";

/** Weeks of retention the Progress page charts (the current one and the eleven before it). */
export const RETENTION_WEEKS = 12;

async function loadCards(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .select({ card: cards, topicName: topics.displayName, wordDeletedAt: words.deletedAt })
    .from(cards)
    .innerJoin(topics, eq(topics.id, cards.topicId))
    .innerJoin(words, eq(words.id, cards.wordId))
    .where(eq(cards.userId, userId));
  return rows.map((row) => ({
    ...toLearningCard(row.card),
    id: row.card.id,
    topicId: row.card.topicId,
    topicName: row.topicName,
    /** The library has withdrawn the word: /review no longer lists it, so it is not due either. */
    withdrawn: row.wordDeletedAt !== null,
  }));
}

const loadLogs = (ctx: AppContext, userId: string) =>
  ctx.db
    .select({
      cardId: reviewLogs.cardId,
      channel: reviewLogs.channel,
      grade: reviewLogs.grade,
      stateBefore: reviewLogs.stateBefore,
      dueBefore: reviewLogs.dueBefore,
      reviewedAt: reviewLogs.reviewedAt,
    })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId));

/** The Monday (YYYY-MM-DD) of the user's week that `day` belongs to. */
const mondayOf = (day: string): string => addDays(day, -((dayNumber(day) + 3) % 7));

/**
 * Share of Good/Easy among each week's grades, for the weeks (Monday first, in the user's days) of the last
 * RETENTION_WEEKS that have any grade: a week without reviews has no rate, rather than a rate of 0.
 */
function weeklyRetention(
  logs: readonly { grade: string; reviewedAt: Date }[],
  now: Date,
  clock: UserDayClock,
): Progress["retention"] {
  const firstWeek = addDays(mondayOf(userDayOf(now, clock)), -7 * (RETENTION_WEEKS - 1));
  const weeks = new Map<string, { recalled: number; total: number }>();
  for (const log of logs) {
    const week = mondayOf(userDayOf(log.reviewedAt, clock));
    if (week < firstWeek) continue;
    const tally = weeks.get(week) ?? { recalled: 0, total: 0 };
    tally.total += 1;
    if (log.grade === "good" || log.grade === "easy") tally.recalled += 1;
    weeks.set(week, tally);
  }
  return [...weeks.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, tally]) => ({ week, rate: tally.recalled / tally.total }));
}

/** How many user days back the Progress page compares "words you would recall today" with. */
export const RECALL_TREND_DAYS = { weekAgo: 7, monthAgo: 30 } as const;

/**
 * Words you would recall today (ΣR) now, from the cards, and 7 and 30 days ago, replayed from the review log with
 * the weights the learner is scheduled with today.
 */
function recallTrend(
  userCards: readonly (LearningCard & { id: number })[],
  logs: readonly { cardId: number; grade: string; channel: string; reviewedAt: Date }[],
  now: Date,
  clock: UserDayClock,
  weights: FsrsWeights | null,
): Progress["recall"] {
  const gradesByCard = new Map<number, WordHistory["grades"][number][]>();
  for (const log of logs) {
    const grades = gradesByCard.get(log.cardId) ?? [];
    grades.push({
      grade: log.grade as LearningGrade,
      channel: log.channel as GradeChannel,
      reviewedAt: log.reviewedAt,
    });
    gradesByCard.set(log.cardId, grades);
  }
  const history = userCards.map((card) => ({
    knownAt: card.knownAt,
    grades: gradesByCard.get(card.id) ?? [],
  }));
  const daysAgo = (days: number) =>
    wordsYouWouldHaveRecalled(history, new Date(now.getTime() - days * DAY_MS), weights, clock);
  return {
    today: wordsYouWouldRecall(userCards, now, clock),
    weekAgo: daysAgo(RECALL_TREND_DAYS.weekAgo),
    monthAgo: daysAgo(RECALL_TREND_DAYS.monthAgo),
  };
}

/** The Progress figures (decision 004: streak, mastered, the 30-day forecast, weekly retention, topics). */
export async function progressFor(ctx: AppContext, user: LearnerDay): Promise<Progress> {
  const now = ctx.clock.now();
  const clock = userDayClock(user);
  const [userCards, logs, weights] = await Promise.all([
    loadCards(ctx, user.id),
    loadLogs(ctx, user.id),
    schedulingWeightsOf(ctx.db, user.id),
  ]);
  const streak = computeStreak(
    logs.map((log) => log.reviewedAt),
    now,
    clock,
  );
  // Due as /review counts it (review-queue.ts): introduced-but-unanswered words included, withdrawn words left out.
  const forecast = dueForecast(
    userCards.filter((card) => !card.withdrawn),
    now,
    clock,
  ).map(({ day, due }) => ({ date: day, count: due }));
  const byTopic = new Map<number, { name: string; sum: number; count: number }>();
  for (const card of userCards) {
    if (!isReviewable(card)) continue;
    const topic = byTopic.get(card.topicId) ?? { name: card.topicName, sum: 0, count: 0 };
    topic.sum += retrievability(card, now);
    topic.count += 1;
    byTopic.set(card.topicId, topic);
  }
  return {
    streak: streak.current,
    freezes: streak.freezesHeld,
    mastered: wordsLearned(userCards),
    dueToday: forecast[0]?.count ?? 0,
    forecast,
    retention: weeklyRetention(logs, now, clock),
    topics: [...byTopic.entries()]
      .map(([topicId, topic]) => ({ topicId, name: topic.name, retrievability: topic.sum / topic.count }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    recall: recallTrend(userCards, logs, now, clock, weights),
  };
}

/**
 * The dashboard's Words Learned and Completion Rate, as decision 004 defines them, and how many scheduled reviews
 * the rate measures (0: nothing to measure yet, so the tile shows "—").
 */
export async function learningTiles(
  ctx: AppContext,
  userId: string,
): Promise<{ wordsLearned: number; completionRate: number; reviewsMeasured: number }> {
  const [userCards, logs] = await Promise.all([loadCards(ctx, userId), loadLogs(ctx, userId)]);
  const counts = completionCounts(
    logs.map((log) => ({ ...log, stateBefore: log.stateBefore as CardState })),
    userCards,
    ctx.clock.now(),
  );
  return {
    wordsLearned: wordsLearned(userCards),
    completionRate: completionRateOf(counts),
    reviewsMeasured: counts.measured,
  };
}
