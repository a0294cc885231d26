// AN UPPER BOUND, NOT A POLICY: the most expected ΣR at the last day that any schedule whose reviews ask before they
// tell could leave an exponential-forgetting learner with (models.ts, `exponentialModel`), under the product's cap.
// A target above it is out of reach on that model, whatever the product does. docs/bench-learning.md, "An upper
// bound on the exponential learner (session 34)", has the method, what it assumes and the figures.
//
// The schedules bounded: at most the cap of review items a day, a word at most once a day, reviews only on days the
// learner answers (an unanswered review that asks first teaches nothing), one new word a send. The schedule may know
// everything in advance (which days are answered or read, each word's ease) and may see the learner's true memory.
//
// Per word the state is (stability S, day of the last practice); a review on day d' succeeds with the recall then,
// R = exp(−(d' − last)/S), and the model's own `practise` gives the stability after a success or a failure. The cap
// couples the words; pricing a review on day d at λ_d ≥ 0 relaxes it (to the cap holding in expectation, itself a
// relaxation), and for any prices
//     expected ΣR of any such schedule ≤ known words' recall + Σ_words max_policy E[R_end − Σ_d λ_d·review_d]
//                                        + cap · Σ_{d answered} λ_d,
// where each word's maximum is a dynamic programme over its own outcomes. Subgradient steps on λ (the cap minus the
// expected reviews a day of the words' optimal policies, from a forward pass) find low prices; the lowest bound seen
// is printed, and every one is valid.
//
// Discretisation, kept on the safe side. The word's value is nondecreasing in S and in its ease (proof sketch in the
// doc: both stabilities after a review grow with S and with ease, and a success leaves a higher S than a failure as
// long as the gain is at least MONOTONE_GAIN). So S lives on a geometric grid from the word's first stability up,
// every stability a review leads to is rounded UP to the next grid point, stabilities past the grid's top count as
// recalled for sure (value 1), and words are grouped by ease and each group is valued as its easiest word. Each of
// these can only raise the bound.
import { DAILY_REVIEW_CAP_DEFAULT } from "@shared/constants";
import {
  drawLearner,
  KNOWN_RECALL,
  wordDifficulties,
  type BenchOptions,
} from "../../src/server/features/learning/simulation/harness";
import {
  exponentialModel,
  type ExponentialTrace,
  type LearnerMemory,
} from "../../src/server/features/learning/simulation/models";
import { lowestDual } from "./daily-review-prices";
import { meanOverLearners } from "./mean-over-learners";

/** How finely a learner's problem is cut: both ways of cutting it only raise the bound, less the finer they are. */
export interface Discretisation {
  /** Ratio between neighbouring stabilities of the grid, as a natural log (0.05: 5% apart). */
  gridStep: number;
  /** Words whose first stabilities lie within this natural-log width are valued as the easiest of them (0: each word). */
  easeBinWidth: number;
}

export interface ExponentialBoundOptions {
  /** The cut on which the prices are searched for (coarse: each step solves every word's programme). */
  search: Discretisation;
  /** The cut on which the bound is evaluated once, at the best prices found (any prices give a valid bound). */
  final: Discretisation;
  /** Subgradient steps on the prices. */
  dualSteps: number;
}

/**
 * Measured on the first learner of seed 20261128 at 60% answered (docs/bench-learning.md): the search's cut is about
 * 4 words above the final's at the same prices, and the final's about half a word above its own limit.
 */
export const EXPONENTIAL_BOUND_DEFAULTS: ExponentialBoundOptions = {
  search: { gridStep: 0.05, easeBinWidth: 0.1 },
  final: { gridStep: 0.0125, easeBinWidth: 0 },
  dualSteps: 60,
};

/** Past this stability (days) a word counts as recalled for sure: e^(−180/200,000) > 0.999. */
const GRID_TOP_STABILITY = 200_000;
/**
 * Below this gain a failure could leave a word stronger than a success (S·(0.8 + gain·spacing) < first stability with
 * the spacing factor at its least, 0.5), and the monotonicity the grid relies on is not proven: such a group is
 * valued at 1 a word (its recall can be no more), with no reviews.
 */
const MONOTONE_GAIN = 0.4;

/** One ease group's tables: the stability grid, and where a review after t days leads from each grid point. */
export interface Group {
  size: number;
  /** recallAfter[i·days + t]: recall t days after the last practice at grid stability i. */
  recallAfter: Float64Array;
  /** successAt[i·days + t]: grid index (rounded up; `size` = past the top) after a success t days on. */
  successAt: Int32Array;
  /** failureAt[i]: grid index after a failure (the same whatever the delay). */
  failureAt: Int32Array;
  stabilities: Float64Array;
  /** The words of the group: the day each was introduced, and whether it was read that day. */
  words: { introduced: number; read: boolean }[];
  trivial: boolean;
}

function groupOf(
  memory: LearnerMemory<ExponentialTrace>,
  easiest: ExponentialTrace,
  days: number,
  gridStep: number,
): Omit<Group, "words"> {
  const size = Math.ceil(Math.log(GRID_TOP_STABILITY / easiest.initial) / gridStep) + 1;
  const stabilities = Float64Array.from(
    { length: size },
    (_, index) => easiest.initial * Math.exp(index * gridStep),
  );
  const indexAbove = (stability: number) =>
    Math.min(size, Math.max(0, Math.ceil(Math.log(stability / easiest.initial) / gridStep)));
  const recallAfter = new Float64Array(size * days);
  const successAt = new Int32Array(size * days);
  const failureAt = new Int32Array(size);
  for (let index = 0; index < size; index++) {
    const at = (): ExponentialTrace => ({ ...easiest, lastDay: 0, stability: stabilities[index]! });
    const failed = at();
    memory.practise(failed, 1, "failed", memory.recall(failed, 1));
    failureAt[index] = indexAbove(failed.stability);
    for (let delay = 1; delay < days; delay++) {
      const trace = at();
      const recall = memory.recall(trace, delay);
      recallAfter[index * days + delay] = recall;
      memory.practise(trace, delay, "recalled", recall);
      successAt[index * days + delay] = indexAbove(trace.stability);
    }
  }
  return { size, recallAfter, successAt, failureAt, stabilities, trivial: easiest.gain < MONOTONE_GAIN };
}

/** A learner's words grouped by ease, and what the bound needs of the learner. */
export interface LearnerProblem {
  days: number;
  answered: boolean[];
  knownRecall: number;
  groups: Group[];
}

export function learnerProblem(
  options: BenchOptions,
  learner: number,
  { gridStep, easeBinWidth }: Discretisation,
): LearnerProblem {
  const { days } = options;
  const draws = drawLearner(exponentialModel, options, learner);
  const memory = draws.memory as LearnerMemory<ExponentialTrace>;
  const difficulty = wordDifficulties(options.seed);
  let knownRecall = 0;
  const bins = new Map<number, { easiest: ExponentialTrace; words: Group["words"] }>();
  for (let word = 0; word < days; word++) {
    if (draws.known[word]) {
      knownRecall += KNOWN_RECALL;
      continue;
    }
    const trace = memory.encode(word, difficulty[word]!);
    const key = easeBinWidth > 0 ? Math.floor(Math.log(trace.initial) / easeBinWidth) : word;
    const bin = bins.get(key) ?? { easiest: trace, words: [] };
    if (trace.initial > bin.easiest.initial) bin.easiest = trace;
    bin.words.push({ introduced: word, read: draws.answered[word]! || draws.read[word]! });
    bins.set(key, bin);
  }
  const groups = [...bins.values()].map(({ easiest, words }) => ({
    ...groupOf(memory, easiest, days, gridStep),
    words,
  }));
  return { days, answered: draws.answered, knownRecall, groups };
}

/** A group's optimal policy at given prices, from the backward pass. */
export interface GroupSolution {
  /** value[day·(size + 1) + i]: best E[R_end − prices] after a practice on `day` left grid stability i (i = size: 1). */
  value: Float64Array;
  /** next[day·size + i]: the day of the next review from there (-1: none). */
  next: Int32Array;
}

/** The backward pass of one group's programme at prices `price`: each state's value and its best next review day. */
export function solveGroup(problem: LearnerProblem, group: Group, price: Float64Array): GroupSolution {
  const { days, answered } = problem;
  const { size, recallAfter, successAt, failureAt, stabilities } = group;
  const width = size + 1; // one more column: past the grid's top, valued 1
  const value = new Float64Array(days * width);
  const next = new Int32Array(days * size).fill(-1);
  const firstDay = Math.min(...group.words.map((word) => word.introduced));
  for (let day = days - 1; day >= firstDay; day--) {
    const row = day * width;
    value[row + size] = 1;
    for (let index = 0; index < size; index++) {
      let best = Math.exp(-(days - day) / stabilities[index]!);
      let bestDay = -1;
      const failure = failureAt[index]!;
      for (let later = day + 1; later < days; later++) {
        if (!answered[later]) continue;
        const cell = index * days + (later - day);
        const recall = recallAfter[cell]!;
        const laterRow = later * width;
        const candidate =
          recall * value[laterRow + successAt[cell]!]! +
          (1 - recall) * value[laterRow + failure]! -
          price[later]!;
        if (candidate > best) [best, bestDay] = [candidate, later];
      }
      value[row + index] = best;
      next[day * size + index] = bestDay;
    }
  }
  return { value, next };
}

/**
 * A word never read at its introduction: its first review (recall 0, a failure) is its first reading, on the best
 * answered day after, if any beats leaving it (value 0).
 */
export function firstReviewOf(
  problem: LearnerProblem,
  group: Group,
  { value }: GroupSolution,
  introduced: number,
  price: Float64Array,
): { value: number; day: number } {
  const width = group.size + 1;
  let best = { value: 0, day: -1 };
  for (let day = introduced + 1; day < problem.days; day++)
    if (problem.answered[day] && value[day * width]! - price[day]! > best.value)
      best = { value: value[day * width]! - price[day]!, day };
  return best;
}

/**
 * One group's part of the dual at prices `price`: the sum over its words of max_policy E[R_end − Σ price·reviews],
 * and (into `reviews`) the expected reviews a day of those optimal policies.
 */
function groupValue(
  problem: LearnerProblem,
  group: Group,
  price: Float64Array,
  reviews: Float64Array,
): number {
  if (group.trivial) return group.words.length;
  const { days } = problem;
  const { size, recallAfter, successAt, failureAt } = group;
  const solution = solveGroup(problem, group, price);
  const { value, next } = solution;
  const width = size + 1;
  // Where each word starts: read at its introduction (grid point 0 that day), or at its first review if never read.
  const mass = new Float64Array(days * size);
  let total = 0;
  for (const { introduced, read } of group.words) {
    if (read) {
      total += value[introduced * width]!;
      mass[introduced * size]! += 1;
      continue;
    }
    const first = firstReviewOf(problem, group, solution, introduced, price);
    total += first.value;
    if (first.day >= 0) {
      reviews[first.day]! += 1;
      mass[first.day * size]! += 1;
    }
  }
  // Forward: the words' optimal policies are linear in where they start, so the group's words move together.
  const firstDay = Math.min(...group.words.map((word) => word.introduced));
  for (let day = firstDay; day < days; day++)
    for (let index = 0; index < size; index++) {
      const here = mass[day * size + index]!;
      const later = next[day * size + index]!;
      if (here === 0 || later < 0) continue;
      const cell = index * days + (later - day);
      const recall = recallAfter[cell]!;
      reviews[later]! += here;
      const success = successAt[cell]!;
      if (success < size) mass[later * size + success]! += here * recall;
      mass[later * size + failureAt[index]!]! += here * (1 - recall);
    }
  return total;
}

/** The dual at prices `price`: an upper bound on the learner's expected ΣR, and the expected reviews a day. */
export function dualBound(
  problem: LearnerProblem,
  price: Float64Array,
): { bound: number; reviews: Float64Array } {
  const reviews = new Float64Array(problem.days);
  let bound = problem.knownRecall;
  for (let day = 1; day < problem.days; day++)
    if (problem.answered[day]) bound += DAILY_REVIEW_CAP_DEFAULT * price[day]!;
  for (const group of problem.groups) bound += groupValue(problem, group, price, reviews);
  return { bound, reviews };
}

/** The lowest dual seen over `steps` subgradient steps on the prices, and the prices that gave it. */
export function minimiseDual(
  problem: LearnerProblem,
  steps: number,
  start = 0,
): { bound: number; price: Float64Array } {
  // From no prices at all (start 0): their dual is the words' best without a cap, at most one a word (a trivial bound).
  return lowestDual(problem, (price) => dualBound(problem, price), steps, start);
}

/** The bound for one learner of the bench (the same person the harness simulates). */
export function exponentialUpperBoundOf(
  options: BenchOptions,
  learner: number,
  bound: ExponentialBoundOptions = EXPONENTIAL_BOUND_DEFAULTS,
): number {
  const { price } = minimiseDual(learnerProblem(options, learner, bound.search), bound.dualSteps);
  return dualBound(learnerProblem(options, learner, bound.final), price).bound;
}

/** The mean bound over the first `learners` learners of a run. */
export function exponentialUpperBound(
  options: BenchOptions,
  learners: number,
  bound: ExponentialBoundOptions = EXPONENTIAL_BOUND_DEFAULTS,
): number {
  return meanOverLearners(learners, (learner) => exponentialUpperBoundOf(options, learner, bound));
}
