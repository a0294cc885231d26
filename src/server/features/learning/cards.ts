import type { UserDayClock } from "@shared/rules/learning/day-start";
import type { CardState, LearningCard } from "@shared/rules/learning/fsrs";
import { cards } from "@server/db/schema";

export type CardRow = typeof cards.$inferSelect;

/** A card row as the pure rules see it (the column check keeps `state` one of the four names). */
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

/** The columns a LearningCard writes back (everything FSRS or "known" may change). */
export const cardColumns = (card: LearningCard) => ({
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsedDays,
  scheduledDays: card.scheduledDays,
  learningSteps: card.learningSteps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  lastReview: card.lastReview,
  knownAt: card.knownAt,
});

/** Where a user's days begin, from their row (zone, "day starts at" hour). */
export const userDayClock = (user: { timeZone: string | null; dayStartsAtHour: number }): UserDayClock => ({
  timeZone: user.timeZone,
  dayStartHour: user.dayStartsAtHour,
});
