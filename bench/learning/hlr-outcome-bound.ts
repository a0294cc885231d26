// AN UPPER BOUND, NOT A POLICY: the most expected ΣR at the last day that any schedule whose reviews ask before they
// tell could leave a half-life-regression learner with (models.ts, `hlrModel`), under the product's cap, counting
// each review's outcome. It is tighter than hlr-upper-bound.ts, which lets every review succeed and relaxes the daily
// cap. docs/bench-learning.md, "An upper bound on half-life regression that counts outcomes (session 36)", has the
// method, what it assumes, where it could fail and the figures.
//
// The schedules bounded: at most the cap of review items a day, a word at most once a day, never on the day it is
// introduced, reviews only on days the learner answers (an unanswered review that asks first teaches nothing), one
// new word a send (word w on day w), read that day if the message is opened, else first met at its first review
// (the harness encodes it then: a first ask of a word never read fails and leaves right = wrong = 0). Known words
// count KNOWN_RECALL whatever happens. The schedule may know everything in advance (which days are answered or read,
// each word's base) and sees every outcome.
//
// Per word the state after its introduction is (right, wrong, last day t); a review on answered day d > t succeeds
// with the model's recall then (`recall`), and the model's `practise` counts it: right + 1 on a success, wrong + 1 on
// a failure, d the last day either way. Pricing a review on answered day d at λ_d ≥ 0 decouples the words: the cap
// holds on every day of every schedule, so for any prices
//     expected ΣR ≤ known words' recall + Σ_words max_policy E[R_end − Σ_d λ_d·review_d] + cap · Σ_{d answered} λ_d,
// each word's maximum taken over its own (adaptive) policies: whatever a schedule does with a word, knowing the other
// words' outcomes, is a randomised policy of that word alone, whose outcomes are independent of theirs. Each maximum
// is an exact backward programme over (right, wrong, t) with the choice of the next review day or none.
//
// Monotonicity, on which every cut below rests. Write (r′, w′) ⪰ (r, w) when r′ ≥ r and w′ ≤ w. The half-life
// 2^(base + θ_r(√(1+r) − 1) + θ_w(√(1+w) − 1)) grows with base and with ⪰ (θ_r > 0 > θ_w). By backward induction on
// t, a word's value V(r, w, t) grows with ⪰ and with base: leaving it (recall at the end) grows with the half-life; a
// review's p·V(r+1, w, d) + (1 − p)·V(r, w+1, d) − λ_d grows with the success probability p (the half-life's again)
// because V(r+1, w, d) ≥ V(r, w+1, d) ((r+1, w) ⪰ (r, w+1)), and with the two values, each larger at the larger state.
// The same induction compares two models in which one half-life is at least the other's everywhere and both are
// monotone in ⪰: the larger one's values are at least the smaller one's. Hence, each only raising the bound:
// - a word's base is rounded UP to a grid (words on one grid point share one programme);
// - wrong counts are capped at `wrongCap` (failures past it count as that many: a larger half-life, still monotone);
// - a state that reaches `rightCap` right answers is valued 1 (recall can be no more, and prices are ≥ 0).
// Raising either cap or refining the grid only lowers the bound at the same prices (the test checks it).
import { DAILY_REVIEW_CAP_DEFAULT } from "@shared/constants";
import {
  drawLearner,
  KNOWN_RECALL,
  wordDifficulties,
  type BenchOptions,
} from "../../src/server/features/learning/simulation/harness";
import {
  hlrModel,
  type HlrTrace,
  type LearnerMemory,
} from "../../src/server/features/learning/simulation/models";
import { lowestDual } from "./daily-review-prices";
import { meanOverLearners } from "./mean-over-learners";

/** How finely a learner's problem is cut: every cut only raises the bound, less the finer it is. */
export interface HlrCut {
  /** Bases are rounded up to multiples of this (log2 days; 0: each word its own base). */
  baseStep: number;
  /** A word with this many right answers counts as recalled for sure. */
  rightCap: number;
  /** Failures past this many count as this many. */
  wrongCap: number;
}

export interface HlrOutcomeBoundOptions {
  /** The cut on which the prices are searched for (coarse: each step solves every word's programme). */
  search: HlrCut;
  /** The cut on which the bound is evaluated once, at the best prices found (any prices give a valid bound). */
  final: HlrCut;
  /** Subgradient steps on the prices, from this price on every answered day. */
  dualSteps: number;
  startPrice: number;
}

/**
 * Measured on learner 0 of seed 20261128 (docs/bench-learning.md): the final cut is within 0.15 words of a finer one
 * at the same prices, and 150 price steps instead of 60 lower the bound by 0.4 (60% answered) to 0.7 words (100%).
 */
export const HLR_OUTCOME_BOUND_DEFAULTS: HlrOutcomeBoundOptions = {
  search: { baseStep: 0.1, rightCap: 24, wrongCap: 3 },
  final: { baseStep: 0, rightCap: 40, wrongCap: 10 },
  dualSteps: 60,
  startPrice: 0.02,
};

/** A word not known already: its base (ability − difficulty, log2 days), the day it is sent, and whether it is read then. */
export interface HlrWord {
  base: number;
  introduced: number;
  read: boolean;
}

export interface HlrLearnerProblem {
  days: number;
  answered: boolean[];
  /** Review places a day. */
  cap: number;
  knownRecall: number;
  memory: LearnerMemory<HlrTrace>;
  words: HlrWord[];
}

export function hlrLearnerProblem(options: BenchOptions, learner: number): HlrLearnerProblem {
  const { days } = options;
  const draws = drawLearner(hlrModel, options, learner);
  const memory = draws.memory as LearnerMemory<HlrTrace>;
  const difficulty = wordDifficulties(options.seed);
  let knownRecall = 0;
  const words: HlrWord[] = [];
  for (let word = 0; word < days; word++) {
    if (draws.known[word]) knownRecall += KNOWN_RECALL;
    else
      words.push({
        base: memory.encode(word, difficulty[word]!).base,
        introduced: word,
        read: draws.answered[word]! || draws.read[word]!,
      });
  }
  return { days, answered: draws.answered, cap: DAILY_REVIEW_CAP_DEFAULT, knownRecall, memory, words };
}

/** Words sharing one base (rounded up), and the model's recall by (right, wrong) and gap at that base. */
export interface HlrGroup {
  base: number;
  words: HlrWord[];
  /** recall[((right·(wrongCap + 1)) + wrong)·(days + 1) + gap], from the model's own `recall`. */
  recall: Float64Array;
}

/** One group's tables: the model's recall at `base` for each (right, wrong) of the cut and each gap. */
export function hlrGroupOf(
  problem: HlrLearnerProblem,
  base: number,
  words: HlrWord[],
  { rightCap, wrongCap }: HlrCut,
): HlrGroup {
  const { days, memory } = problem;
  const recall = new Float64Array(rightCap * (wrongCap + 1) * (days + 1));
  for (let right = 0; right < rightCap; right++)
    for (let wrong = 0; wrong <= wrongCap; wrong++) {
      const trace: HlrTrace = { base, right, wrong, lastDay: 0 };
      const row = (right * (wrongCap + 1) + wrong) * (days + 1);
      for (let gap = 0; gap <= days; gap++) recall[row + gap] = memory.recall(trace, gap);
    }
  return { base, words, recall };
}

function groupsOf(problem: HlrLearnerProblem, cut: HlrCut): HlrGroup[] {
  const byBase = new Map<number, HlrWord[]>();
  for (const word of problem.words) {
    const base = cut.baseStep > 0 ? Math.ceil(word.base / cut.baseStep) * cut.baseStep : word.base;
    byBase.set(base, [...(byBase.get(base) ?? []), word]);
  }
  return [...byBase].map(([base, words]) => hlrGroupOf(problem, base, words, cut));
}

/** A group's optimal policy at given prices, from the backward pass. */
export interface HlrGroupSolution {
  /** value[state·days + t]: best E[R_end − prices] from (right, wrong) = state, last practice on day t. */
  value: Float64Array;
  /** next[state·days + t]: the day of the next review from there (-1: none). */
  next: Int32Array;
}

/** The backward pass of one group's programme at prices `price`: each state's value and its best next review day. */
export function solveHlrGroup(
  problem: HlrLearnerProblem,
  group: HlrGroup,
  { rightCap, wrongCap }: HlrCut,
  price: Float64Array,
): HlrGroupSolution {
  const { days, answered } = problem;
  const { recall } = group;
  const wrongs = wrongCap + 1;
  const states = rightCap * wrongs;
  const value = new Float64Array(states * days);
  const next = new Int32Array(states * days).fill(-1);
  const firstDay = Math.min(...group.words.map((word) => word.introduced));
  const reviewDays: number[] = [];
  for (let day = firstDay + 1; day < days; day++) if (answered[day]) reviewDays.push(day);
  let later = reviewDays.length; // reviewDays[later..] are the answered days after `day`
  for (let day = days - 1; day >= firstDay; day--) {
    while (later > 0 && reviewDays[later - 1]! > day) later--;
    for (let right = 0; right < rightCap; right++)
      for (let wrong = 0; wrong < wrongs; wrong++) {
        const state = right * wrongs + wrong;
        const row = state * (days + 1) - day; // recall[row + d]: recall on day d
        const success = right + 1 < rightCap ? (state + wrongs) * days : -1; // -1: recalled for sure
        const failure = (right * wrongs + Math.min(wrong + 1, wrongCap)) * days;
        let best = recall[row + days]!;
        let bestDay = -1;
        for (let index = later; index < reviewDays.length; index++) {
          const review = reviewDays[index]!;
          const p = recall[row + review]!;
          const candidate =
            p * (success < 0 ? 1 : value[success + review]!) +
            (1 - p) * value[failure + review]! -
            price[review]!;
          if (candidate > best) [best, bestDay] = [candidate, review];
        }
        value[state * days + day] = best;
        next[state * days + day] = bestDay;
      }
  }
  return { value, next };
}

/**
 * A word never read at its introduction: its first review fails (recall 0) and is its first reading, leaving
 * (0, 0) on that day, on the best answered day after, if any beats leaving it (value 0).
 */
export function firstReviewOf(
  problem: HlrLearnerProblem,
  { value }: HlrGroupSolution,
  introduced: number,
  price: Float64Array,
): { value: number; day: number } {
  let best = { value: 0, day: -1 };
  for (let day = introduced + 1; day < problem.days; day++)
    if (problem.answered[day] && value[day]! - price[day]! > best.value)
      best = { value: value[day]! - price[day]!, day };
  return best;
}

/**
 * One group's part of the dual at prices `price`: the sum over its words of max_policy E[R_end − Σ price·reviews],
 * and (into `reviews`) the expected reviews a day of those optimal policies.
 */
function groupValue(
  problem: HlrLearnerProblem,
  group: HlrGroup,
  cut: HlrCut,
  price: Float64Array,
  reviews: Float64Array,
): number {
  const { days } = problem;
  const wrongs = cut.wrongCap + 1;
  const states = cut.rightCap * wrongs;
  const solution = solveHlrGroup(problem, group, cut, price);
  const { value, next } = solution;
  // Where each word starts: (0, 0) on its introduction if read then, else on its first review.
  const mass = new Float64Array(states * days);
  let total = 0;
  for (const { introduced, read } of group.words) {
    if (read) {
      total += value[introduced]!;
      mass[introduced]! += 1;
      continue;
    }
    const first = firstReviewOf(problem, solution, introduced, price);
    total += first.value;
    if (first.day >= 0) {
      reviews[first.day]! += 1;
      mass[first.day]! += 1;
    }
  }
  // Forward: the words' optimal policies are linear in where they start, so the group's words move together.
  const firstDay = Math.min(...group.words.map((word) => word.introduced));
  for (let day = firstDay; day < days; day++)
    for (let state = 0; state < states; state++) {
      const here = mass[state * days + day]!;
      const review = next[state * days + day]!;
      if (here === 0 || review < 0) continue;
      const right = Math.floor(state / wrongs);
      const wrong = state % wrongs;
      const p = group.recall[state * (days + 1) + review - day]!;
      reviews[review]! += here;
      if (right + 1 < cut.rightCap) mass[(state + wrongs) * days + review]! += here * p;
      mass[(right * wrongs + Math.min(wrong + 1, cut.wrongCap)) * days + review]! += here * (1 - p);
    }
  return total;
}

/** The dual at prices `price` on one cut: an upper bound on the learner's expected ΣR, and the expected reviews a day. */
export function hlrDualBound(
  problem: HlrLearnerProblem,
  cut: HlrCut,
  price: Float64Array,
  groups: HlrGroup[] = groupsOf(problem, cut),
): { bound: number; reviews: Float64Array } {
  const reviews = new Float64Array(problem.days);
  let bound = problem.knownRecall;
  for (let day = 1; day < problem.days; day++) if (problem.answered[day]) bound += problem.cap * price[day]!;
  for (const group of groups) bound += groupValue(problem, group, cut, price, reviews);
  return { bound, reviews };
}

/** The lowest dual seen over `steps` subgradient steps on the prices (on one cut), and the prices that gave it. */
export function minimiseHlrDual(
  problem: HlrLearnerProblem,
  cut: HlrCut,
  steps: number,
  start = 0,
): { bound: number; price: Float64Array } {
  const groups = groupsOf(problem, cut);
  return lowestDual(problem, (price) => hlrDualBound(problem, cut, price, groups), steps, start);
}

/** The bound for one learner of the bench (the same person the harness simulates). */
export function hlrOutcomeBoundOf(
  options: BenchOptions,
  learner: number,
  bound: HlrOutcomeBoundOptions = HLR_OUTCOME_BOUND_DEFAULTS,
): number {
  const problem = hlrLearnerProblem(options, learner);
  const { price } = minimiseHlrDual(problem, bound.search, bound.dualSteps, bound.startPrice);
  return hlrDualBound(problem, bound.final, price).bound;
}

/** The mean bound over the first `learners` learners of a run. */
export function hlrOutcomeBound(
  options: BenchOptions,
  learners: number,
  bound: HlrOutcomeBoundOptions = HLR_OUTCOME_BOUND_DEFAULTS,
): number {
  return meanOverLearners(learners, (learner) => hlrOutcomeBoundOf(options, learner, bound));
}
