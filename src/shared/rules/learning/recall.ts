/**
 * "Words you would recall today" (issue 22): ΣR, the sum of FSRS recall probabilities over the learner's words, the
 * figure the FSRS simulator calls "memorized". Unlike Words Learned (a threshold on stability), it counts a word
 * half-remembered as half a word, so it moves with every review and every day without one.
 *
 * What counts:
 * - a word marked known counts 1 (the learner told us they know it);
 * - a word graded at least once counts its retrievability now;
 * - a word introduced and never answered counts 0: FSRS has no memory state before the first rating, and a
 *   delivery read or unread tells us nothing, so we do not credit what we cannot measure.
 */
import type { LearningGrade } from "@shared/constants";
import { UTC_DAY_CLOCK, type UserDayClock } from "./day-start";
import {
  gradeCard,
  newCard,
  retrievability,
  type FsrsWeights,
  type GradeChannel,
  type LearningCard,
} from "./fsrs";

const recallOf = (card: LearningCard, at: Date, clock: UserDayClock): number =>
  card.knownAt !== null && card.knownAt.getTime() <= at.getTime() ? 1 : retrievability(card, at, clock);

/** ΣR now, from the cards as they stand, rounded to whole words. */
export const wordsYouWouldRecall = (
  cards: readonly LearningCard[],
  now: Date,
  clock: UserDayClock = UTC_DAY_CLOCK,
): number => Math.round(cards.reduce((sum, card) => sum + recallOf(card, now, clock), 0));

/** One word's past, as the review log and the card keep it. */
export interface WordHistory {
  knownAt: Date | null;
  /** The word's grades, in any order. */
  grades: readonly { grade: LearningGrade; reviewedAt: Date; channel: GradeChannel }[];
}

/**
 * ΣR as it stood at `at`, rebuilt from the review log: each word's grades up to then are replayed through FSRS with
 * today's weights (the log keeps grades, not memory states), a word marked known by then counts 1.
 */
export function wordsYouWouldHaveRecalled(
  words: readonly WordHistory[],
  at: Date,
  weights: FsrsWeights | null = null,
  clock: UserDayClock = UTC_DAY_CLOCK,
): number {
  let sum = 0;
  for (const word of words) {
    if (word.knownAt !== null && word.knownAt.getTime() <= at.getTime()) {
      sum += 1;
      continue;
    }
    const grades = word.grades
      .filter((entry) => entry.reviewedAt.getTime() <= at.getTime())
      .sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    if (grades.length === 0) continue;
    let card = newCard(grades[0]!.reviewedAt);
    for (const entry of grades) {
      card = gradeCard(card, entry.grade, entry.reviewedAt, entry.channel, weights, clock).card;
    }
    sum += retrievability(card, at, clock);
  }
  return Math.round(sum);
}
