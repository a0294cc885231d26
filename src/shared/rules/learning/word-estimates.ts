// What all learners' answers say about each word (issue 22). FSRS estimates a card from one learner's answers, so a
// word that everyone finds hard is valued as an average word until each learner has forgotten it a few times. Every
// learner's log says more: how often the word's first ask is remembered, and how far its recall runs from FSRS's
// estimate at each later answer. The dispatcher values its candidates with both (`recallGainOfReview`).
import {
  WORD_FIRST_ASK_PSEUDO_ANSWERS,
  WORD_RECALL_OFFSET_MIN_REVIEWS,
  WORD_RECALL_OFFSET_SIGMA,
  type LearningGrade,
} from "@shared/constants";
import type { UserDayClock } from "./day-start";
import {
  gradeCard,
  newCard,
  recallAfterWholeDays,
  recallLogit,
  type FsrsWeights,
  type LearningCard,
  type WordRecallEstimate,
} from "./fsrs";

/** One answer in a learner's review log, by the word its card is of. */
export interface WordReview {
  wordId: number;
  grade: LearningGrade;
  reviewedAt: Date;
}

/** A word's estimate with the counts it rests on (stored as they are, so an operator can tell a guess from a fact). */
export interface FittedWordEstimate extends WordRecallEstimate {
  /** First asks answered, "I knew this already" left out (a claim, not a recall). */
  firstAsks: number;
  /** Later answers, each compared with FSRS's estimate of the card's recall at the time. */
  gradedReviews: number;
}

/** Newton's method on the offset's log posterior converges in a few steps from 0; eight is well past it. */
const OFFSET_NEWTON_STEPS = 8;

/**
 * The fit, one learner's log at a time (a job reads logs learner by learner and need not hold them all): each card's
 * answers are replayed under `weights` (those a learner without their own is scheduled with), in the learner's own
 * days.
 * - First-ask recall: the share of the word's first answers that were "I remember" (any grade but Again), shrunk
 *   toward the share over all words by WORD_FIRST_ASK_PSEUDO_ANSWERS answers, so a word asked twice is not 0 or 1.
 * - Recall offset: at each later answer, FSRS's recall estimate against what happened; the word's offset is the
 *   most probable shift of FSRS's estimate on the logit scale, with a normal prior of WORD_RECALL_OFFSET_SIGMA
 *   around 0 (FSRS is right), and only from WORD_RECALL_OFFSET_MIN_REVIEWS answers.
 */
export class WordRecallFit {
  private readonly firstAsks = new Map<number, { asked: number; remembered: number }>();
  private readonly graded = new Map<number, { logits: number[]; remembered: number[] }>();

  constructor(private readonly weights: FsrsWeights | null) {}

  addLearner(reviews: readonly WordReview[], clock: UserDayClock): void {
    const byWord = new Map<number, WordReview[]>();
    for (const review of reviews) {
      const answers = byWord.get(review.wordId);
      if (answers) answers.push(review);
      else byWord.set(review.wordId, [review]);
    }
    for (const [wordId, answers] of byWord) {
      answers.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
      let card: LearningCard = newCard(answers[0]!.reviewedAt);
      for (const answer of answers) {
        const remembered = answer.grade === "again" ? 0 : 1;
        if (card.state === "new") {
          if (answer.grade !== "easy") {
            const counts = this.firstAsks.get(wordId) ?? { asked: 0, remembered: 0 };
            counts.asked += 1;
            counts.remembered += remembered;
            this.firstAsks.set(wordId, counts);
          }
        } else {
          const recall = recallAfterWholeDays(card, answer.reviewedAt, clock, this.weights);
          if (recall !== null && recall < 1) {
            const observed = this.graded.get(wordId) ?? { logits: [], remembered: [] };
            observed.logits.push(recallLogit(recall));
            observed.remembered.push(remembered);
            this.graded.set(wordId, observed);
          }
        }
        card = gradeCard(card, answer.grade, answer.reviewedAt, "email", this.weights, clock).card;
      }
    }
  }

  /** Every word seen in the logs added, with what they say. */
  estimates(): Map<number, FittedWordEstimate> {
    let asked = 0;
    let remembered = 0;
    for (const counts of this.firstAsks.values()) {
      asked += counts.asked;
      remembered += counts.remembered;
    }
    const shareRemembered = asked > 0 ? remembered / asked : 0.5;
    const words = new Map<number, FittedWordEstimate>();
    const estimateOf = (wordId: number) => {
      let estimate = words.get(wordId);
      if (!estimate) {
        estimate = { firstAskRecall: null, recallOffset: null, firstAsks: 0, gradedReviews: 0 };
        words.set(wordId, estimate);
      }
      return estimate;
    };
    for (const [wordId, counts] of this.firstAsks) {
      const estimate = estimateOf(wordId);
      estimate.firstAsks = counts.asked;
      estimate.firstAskRecall =
        (counts.remembered + WORD_FIRST_ASK_PSEUDO_ANSWERS * shareRemembered) /
        (counts.asked + WORD_FIRST_ASK_PSEUDO_ANSWERS);
    }
    for (const [wordId, observed] of this.graded) {
      const estimate = estimateOf(wordId);
      estimate.gradedReviews = observed.logits.length;
      if (observed.logits.length >= WORD_RECALL_OFFSET_MIN_REVIEWS)
        estimate.recallOffset = mostProbableOffset(observed.logits, observed.remembered);
    }
    return words;
  }
}

/** The maximum of the offset's posterior (a logistic likelihood, a normal prior around 0), by Newton's method. */
function mostProbableOffset(logits: readonly number[], remembered: readonly number[]): number {
  const precision = 1 / WORD_RECALL_OFFSET_SIGMA ** 2;
  let offset = 0;
  for (let step = 0; step < OFFSET_NEWTON_STEPS; step++) {
    let slope = -precision * offset;
    let curvature = -precision;
    logits.forEach((logit, index) => {
      const predicted = 1 / (1 + Math.exp(-(logit + offset)));
      slope += remembered[index]! - predicted;
      curvature -= predicted * (1 - predicted);
    });
    offset -= slope / curvature;
  }
  return offset;
}
