import { LEARNING_GRADES, type LearningGrade } from "@shared/constants";
import type { UserDayClock } from "./day-start";
import { gradeCard, type FsrsWeights, type GradeChannel, type LearningCard } from "./fsrs";

/**
 * When a card would come back after each of the four grades, graded now through the same `gradeCard` a real grade
 * goes through (same channel, same weights): what the grade buttons show beside their names, as Anki's do. A grade
 * given later may land a little off (ts-fsrs's fuzz is seeded by the moment), so the buttons round it. Counted in the
 * learner's days (`clock`), as their grade will be.
 */
export function dueAfterEachGrade(
  card: LearningCard,
  now: Date,
  channel: GradeChannel,
  weights: FsrsWeights | null,
  clock: UserDayClock,
): Record<LearningGrade, Date> {
  const entries = LEARNING_GRADES.map(
    (grade) => [grade, gradeCard(card, grade, now, channel, weights, clock).card.due] as const,
  );
  return Object.fromEntries(entries) as Record<LearningGrade, Date>;
}
