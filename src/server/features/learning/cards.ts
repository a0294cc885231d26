import type { UserDayClock } from "@shared/rules/learning/day-start";
import type { LearningCard } from "@shared/rules/learning/fsrs";

export { toLearningCard, type CardRow } from "@server/db/learning-card";

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
