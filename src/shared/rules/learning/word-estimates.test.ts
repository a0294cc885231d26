import { describe, expect, it } from "vitest";
import { WORD_RECALL_OFFSET_MIN_REVIEWS, type LearningGrade } from "@shared/constants";
import { UTC_DAY_CLOCK } from "./day-start";
import { WordRecallFit, type WordReview } from "./word-estimates";

const DAY = 86_400_000;
const start = new Date("2025-03-03T09:00:00Z");

/** One learner's answers to a word: the first a day after it came, each next one `gap` days later. */
const answers = (wordId: number, grades: readonly LearningGrade[], gap = 4): WordReview[] =>
  grades.map((grade, index) => ({
    wordId,
    grade,
    reviewedAt: new Date(start.getTime() + (1 + index * gap) * DAY),
  }));

/** `learners` learners of the same answers (each an own log), fitted on FSRS's default weights. */
function fitted(learners: number, logOf: (learner: number) => WordReview[]) {
  const fit = new WordRecallFit(null);
  for (let learner = 0; learner < learners; learner++) fit.addLearner(logOf(learner), UTC_DAY_CLOCK);
  return fit.estimates();
}

describe("what all learners' answers say about each word", () => {
  it("a word whose first ask most learners forget gets a lower first-ask recall, pulled toward all words' share", () => {
    const words = fitted(20, (learner) => [
      ...answers(1, [learner % 5 === 0 ? "good" : "again"]), // remembered by 1 in 5
      ...answers(2, ["good"]),
    ]);
    const hard = words.get(1)!;
    const easy = words.get(2)!;
    expect(hard.firstAsks).toBe(20);
    // All words' share is 24 of 40 (0.6): 4 of 20 plus ten pseudo answers at 0.6 is 10/30.
    expect(hard.firstAskRecall).toBeCloseTo(10 / 30, 10);
    expect(easy.firstAskRecall).toBeCloseTo(26 / 30, 10);
  });

  it("a word asked twice is not judged on two answers; 'I knew this already' is a claim, not a first ask", () => {
    const words = fitted(2, (learner) => [
      ...answers(1, ["again"]),
      ...answers(2, [learner ? "easy" : "good"]),
    ]);
    // Two first asks of word 1, both forgotten; word 2 one remembered, one claim: all words' share 1 of 3.
    expect(words.get(1)!.firstAskRecall).toBeCloseTo((0 + 10 / 3) / 12, 10);
    expect(words.get(2)!.firstAsks).toBe(1);
  });

  it("a word forgotten more often than FSRS expects gets a negative offset, one remembered more a positive one", () => {
    const reviewsEach = WORD_RECALL_OFFSET_MIN_REVIEWS;
    const words = fitted(reviewsEach, () => [
      ...answers(1, ["good", "again"]), // every later answer forgotten
      ...answers(2, ["good", "good"]), // every later answer remembered
    ]);
    expect(words.get(1)!.gradedReviews).toBe(reviewsEach);
    expect(words.get(1)!.recallOffset!).toBeLessThan(-1);
    expect(words.get(2)!.recallOffset!).toBeGreaterThan(0);
    // A learner's first answer is not compared with FSRS: it knows nothing of the word before it.
    expect(words.get(1)!.firstAsks).toBe(reviewsEach);
  });

  it("says nothing of an offset below the minimum of later answers", () => {
    const words = fitted(WORD_RECALL_OFFSET_MIN_REVIEWS - 1, () => answers(1, ["good", "again"]));
    expect(words.get(1)).toMatchObject({
      recallOffset: null,
      gradedReviews: WORD_RECALL_OFFSET_MIN_REVIEWS - 1,
    });
  });
});
