import type { LearningCard } from "@shared/rules/learning/fsrs";

export { toLearningCard, userDayClock, type CardRow } from "@server/db/learning-card";

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
