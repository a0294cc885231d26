// AN UPPER BOUND, NOT A POLICY: the most ΣR at the last day that ANY schedule could leave a half-life-regression
// learner with, under the product's daily cap. The ceiling (ceiling-policy.ts) is the best of a few schedules that
// see true recall, so a target above it may still be reachable by another; a target above this bound is not.
//
// Why it is an upper bound. Half-life regression counts outcomes and ignores their timing: a recall adds to the
// word's "right" count, a failure to its "wrong" count, and both make the practice day its last one. So whatever a
// schedule did, each word's recall at the end is at most what it would be had every one of its reviews succeeded.
// The bound lets them all succeed (also a first ask of a word never read), and then solves the easier problem that is
// left: choose for each word how many reviews it gets and on which day the last one falls, with at most the cap of
// review items on any day and at most cap × (days answered) reviews in all. A word is reviewed at most once a send,
// and reviews happen on days answered. With `rereads`, a word's last touch may also be a re-read on a day the learner
// read without answering: that needs a review that shows its definition, which issue 22 rules out (a review asks
// before it tells), so the product's class of schedules is bounded without it. Known words count KNOWN_RECALL, as in
// the harness. That problem is
// bounded from above by its Lagrangian dual: prices for a review and for a last-touch slot on each day make the words
// independent, and any prices give a bound; a few hundred subgradient steps find low ones.
import { DAILY_REVIEW_CAP_DEFAULT } from "@shared/constants";
import {
  drawLearner,
  KNOWN_RECALL,
  wordDifficulties,
  type BenchOptions,
} from "../../src/server/features/learning/simulation/harness";
import { hlrHalfLife, hlrModel, type HlrTrace } from "../../src/server/features/learning/simulation/models";
import { meanOverLearners } from "./mean-over-learners";

/** Subgradient steps per learner: the bound printed is the lowest seen, and each one is valid. */
const DUAL_STEPS = 300;

/** One word's choices: its recall at the end for each last-touch day and number of successful reviews. */
interface WordChoices {
  /** Recall at the end if never reviewed (only its first reading, if it was read). */
  untouched: number;
  /** For each last-touch day: recall at the end by number of reviews (-Infinity where that count is impossible). */
  byLastDay: { day: number; recallByReviews: Float64Array }[];
}

function choicesOf(
  base: number,
  introduced: number,
  days: number,
  draws: BenchDraws,
  rereads: boolean,
): WordChoices {
  const recallAfter = (lastDay: number, reviews: number) =>
    Math.pow(2, -(days - lastDay) / hlrHalfLife({ base, right: reviews, wrong: 0 }));
  const byLastDay: WordChoices["byLastDay"] = [];
  let answeredSince = 0;
  for (let day = introduced + 1; day < days; day++) {
    const answered = draws.answered[day]!;
    const rereadOnly = rereads && !answered && draws.read[day]!;
    if (answered) answeredSince += 1;
    if (!answered && !rereadOnly) continue;
    const recallByReviews = new Float64Array(answeredSince + 1).fill(-Infinity);
    for (let reviews = answered ? 1 : 0; reviews <= answeredSince; reviews++)
      recallByReviews[reviews] = recallAfter(day, reviews);
    byLastDay.push({ day, recallByReviews });
  }
  const read = draws.answered[introduced]! || draws.read[introduced]!;
  return { untouched: read ? recallAfter(introduced, 0) : 0, byLastDay };
}

type BenchDraws = Pick<ReturnType<typeof drawLearner>, "answered" | "read">;

/** Whether a schedule may show a review's definition, so that a day read but not answered still refreshes a word. */
export interface BoundOptions {
  rereads: boolean;
}

/** The bound for one learner of the bench (the same person the harness simulates), ΣR over the words sent. */
export function hlrUpperBoundOf(options: BenchOptions, learner: number, { rereads }: BoundOptions): number {
  const { days } = options;
  const draws = drawLearner(hlrModel, options, learner);
  const difficulty = wordDifficulties(options.seed);
  let knownRecall = 0;
  const words: WordChoices[] = [];
  for (let word = 0; word < days; word++) {
    if (draws.known[word]) knownRecall += KNOWN_RECALL;
    else {
      const { base } = draws.memory.encode(word, difficulty[word]!) as HlrTrace;
      words.push(choicesOf(base, word, days, draws, rereads));
    }
  }
  const reviewDays = draws.answered.filter((answered, day) => answered && day > 0).length;
  const reviewBudget = DAILY_REVIEW_CAP_DEFAULT * reviewDays;

  let reviewPrice = 0.002;
  const slotPrice = new Float64Array(days);
  let lowest = Infinity;
  for (let step = 0; step < DUAL_STEPS; step++) {
    let bound = knownRecall + reviewPrice * reviewBudget;
    for (const price of slotPrice) bound += DAILY_REVIEW_CAP_DEFAULT * price;
    let reviews = 0;
    const lastTouches = new Float64Array(days);
    for (const word of words) {
      let best = word.untouched;
      let bestReviews = 0;
      let bestDay = -1;
      for (const { day, recallByReviews } of word.byLastDay)
        for (let count = 0; count < recallByReviews.length; count++) {
          const value = recallByReviews[count]! - reviewPrice * count - slotPrice[day]!;
          if (value > best) [best, bestReviews, bestDay] = [value, count, day];
        }
      bound += best;
      reviews += bestReviews;
      if (bestDay >= 0) lastTouches[bestDay]! += 1;
    }
    lowest = Math.min(lowest, bound);
    // Prices go up where the words want more than there is, down where they leave room.
    const size = 0.02 / Math.sqrt(step + 1);
    reviewPrice = Math.max(0, reviewPrice - (size / Math.max(1, reviewBudget)) * (reviewBudget - reviews));
    for (let day = 0; day < days; day++)
      slotPrice[day] = Math.max(
        0,
        slotPrice[day]! - (size / DAILY_REVIEW_CAP_DEFAULT) * (DAILY_REVIEW_CAP_DEFAULT - lastTouches[day]!),
      );
  }
  return lowest;
}

/** The mean bound over the first `learners` learners of a run. */
export function hlrUpperBound(options: BenchOptions, learners: number, bound: BoundOptions): number {
  return meanOverLearners(learners, (learner) => hlrUpperBoundOf(options, learner, bound));
}
