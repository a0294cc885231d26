import { LEARNING_GRADES, type LearningGrade } from "@shared/constants";
import { fromUserDayTimeline, toUserDayTimeline, type UserDayClock } from "./day-start";
import {
  assertGradable,
  ratingOfGrade,
  schedulerFor,
  toFsrs,
  type FsrsWeights,
  type LearningCard,
} from "./fsrs";

/**
 * When a card would come back after each of the four grades, graded now: what the grade buttons show beside their
 * names, as Anki's do. The same instants `gradeCard` gives grade by grade (same weights, same day counting, same
 * fuzz seed: the moment, the reps and the memory), read from one ts-fsrs `repeat`, which schedules the four grades
 * at once, with the card put on the learner's timeline once: `gradeCard`'s `next` schedules all four as well and
 * keeps one, so four of them cost four times as much (and the notification poll previews ten cards a read). A grade
 * given later may land a little off (ts-fsrs's fuzz is seeded by the moment), so the buttons round it. Counted in the
 * learner's days (`clock`), as their grade will be.
 */
export function dueAfterEachGrade(
  card: LearningCard,
  now: Date,
  weights: FsrsWeights | null,
  clock: UserDayClock,
): Record<LearningGrade, Date> {
  assertGradable(card);
  const schedules = schedulerFor(weights).repeat(toFsrs(card, clock), toUserDayTimeline(now, clock));
  const entries = LEARNING_GRADES.map(
    (grade) => [grade, fromUserDayTimeline(schedules[ratingOfGrade(grade)].card.due, clock)] as const,
  );
  return Object.fromEntries(entries) as Record<LearningGrade, Date>;
}
