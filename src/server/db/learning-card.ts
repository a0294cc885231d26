import type { DueAfter } from "@shared/api/learning";
import type { UserDayClock } from "@shared/rules/learning/day-start";
import type { CardState, FsrsWeights, LearningCard } from "@shared/rules/learning/fsrs";
import { dueAfterEachGrade } from "@shared/rules/learning/grade-preview";
import { cards } from "./schema";

export type CardRow = typeof cards.$inferSelect;

/** Where a user's days begin, from their row (zone, "day starts at" hour). Read by learning and the notifications. */
export const userDayClock = (user: { timeZone: string | null; dayStartsAtHour: number }): UserDayClock => ({
  timeZone: user.timeZone,
  dayStartHour: user.dayStartsAtHour,
});

/**
 * A card row as the pure rules see it (the column check keeps `state` one of the four names). Here rather than in
 * the learning feature because the notification lists read cards too (to preview their quick grades).
 */
export const toLearningCard = (row: CardRow): LearningCard => ({
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  elapsedDays: row.elapsedDays,
  scheduledDays: row.scheduledDays,
  learningSteps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state as CardState,
  lastReview: row.lastReview,
  knownAt: row.knownAt,
});

/**
 * The grade buttons' preview for a card row (`dueAfter` of the API): when it would come back after each grade, as
 * ISO instants; null for a word marked as known, which takes no grade.
 */
export function gradePreviewOf(
  row: CardRow,
  now: Date,
  weights: FsrsWeights | null,
  clock: UserDayClock,
): DueAfter | null {
  if (row.knownAt) return null;
  const due = dueAfterEachGrade(toLearningCard(row), now, weights, clock);
  return {
    again: due.again.toISOString(),
    hard: due.hard.toISOString(),
    good: due.good.toISOString(),
    easy: due.easy.toISOString(),
  };
}
