// AN UPPER BOUND, NOT A POLICY: the most expected ΣR at the last day that any schedule whose reviews ask first could
// leave an exponential-forgetting learner with, when the schedule does NOT know in advance which days the learner
// will answer. The bound of exponential-upper-bound.ts lets the schedule know them (draws.answered); this one bounds,
// on average over the learner's days (each answered with probability p = engagement, independently, as the harness
// draws them), the schedules a product can run. docs/bench-learning.md, "A bound for schedules that do not know the
// answered days (session 39)", has the method and the figures.
//
// The schedules bounded: at most the cap of review items a send, a word at most once a send, one new word a send,
// reviews that ask first (an unanswered review teaches nothing). Before each day's send the schedule may know
// everything that has happened (which past days were answered or read, every outcome, the learner's true memory,
// each word's ease, which words are known) but not whether today or any later day will be answered.
//
// Per word the programme is over days, its state (grid stability S, day of the last practice). Each day the schedule
// places the word in that day's send or not, not knowing whether the day will be answered; a placement costs the
// day's price λ_d whether answered or not. With probability p it is answered: a success with the model's recall
// R = exp(−(d − last)/S), transitions as in the old module's group tables; otherwise nothing changes (the word rolls
// over) and the schedule learns that only afterwards. The introduction on day w is read with probability
// q = p + (1 − p)·READ_WITHOUT_ANSWER (the harness's constants); a word not read is handled as the old module does
// (its first answered review fails for sure and is its first reading), with the same blind placements. Known words
// count KNOWN_RECALL, as in the old module. Every day's send has the cap's places, so every day after the first has a
// price, and for any prices λ ≥ 0
//     expected ΣR of any such schedule ≤ known words' recall + Σ_words max_policy E[R_end − Σ_d λ_d·placed_d]
//                                        + cap · Σ_d λ_d.
//
// Why the decomposition holds although all words share the answered days. Take any joint schedule: its placements on
// day d are a function of the history H_{d−1} (every word's outcomes, the past days answered or read, any coins of its
// own). Day d is answered with probability p independently of H_{d−1} (the days are drawn independently, so the past
// says nothing about the future), and a review's outcome is a fresh coin with the word's recall. So given H_{d−1} and
// the placement, the word's next state has exactly its own programme's law. Seen from one word, the joint schedule
// is a randomised non-anticipative policy of its programme (randomised by the other words' history, which may be
// correlated with its own future only through days not yet drawn, which the placement cannot see). By backward
// induction over the days (E[value from d on | H_{d−1}] ≤ the programme's value of the word's state), no such policy
// beats the programme's optimum. Summing over words, with E[Σ_w placed_{w,d}] ≤ cap on each day weighted by λ_d,
// gives the inequality above. It relaxes "at most the cap every send" to "at most the cap on average", and lets the
// schedule know more than the product does (true memory, ease, read days); both only raise the bound.
//
// Discretisation, on the safe side exactly as the old module argues: the value is nondecreasing in S and in the ease
// (each branch of the old argument, and the roll-over branch is the same state one day on), so stabilities are
// rounded up to the grid, stabilities past its top count as recalled, words are grouped by ease and valued as the
// easiest, and groups whose gain is below the monotone range are valued 1 a word. The tables are the old module's
// (`learnerProblem`); only the programme differs.
//
// The programme is solved per "just practised" state (grid point j, practised on day e): from there the word waits
// in the same state until an answered placement, so its value P_e(j) is a chain over the later days n, each choosing
// to place (−λ_n + p·(r·P_n(success) + (1 − r)·P_n(failure)) + (1 − p)·wait) or to wait. O(days² · grid) a group, as
// for the old programme, with O(days · grid) values kept.
import { DAILY_REVIEW_CAP_DEFAULT } from "@shared/constants";
import {
  READ_WITHOUT_ANSWER,
  type BenchOptions,
} from "../../src/server/features/learning/simulation/harness";
import { lowestDual, PRICE_SEARCH_START } from "./daily-review-prices";
import {
  EXPONENTIAL_BOUND_DEFAULTS,
  learnerProblem,
  type Discretisation,
  type ExponentialBoundOptions,
  type Group,
} from "./exponential-upper-bound";
import { meanOverLearners } from "./mean-over-learners";

/**
 * The cuts for this bound: the clairvoyant bound's, so that the two compare like for like. On learner 0 of seed
 * 20261128 at 60% (docs/bench-learning.md, session 39) the final cut is about a quarter of a word above the next finer
 * grid at the same prices, and 60 price steps about half a word above 240.
 */
export const BLIND_BOUND_DEFAULTS: ExponentialBoundOptions = EXPONENTIAL_BOUND_DEFAULTS;

/** A learner's problem without the days answered: the old module's groups, and the chances of each day. */
export interface BlindProblem {
  days: number;
  knownRecall: number;
  groups: Group[];
  /** Probability that a day is answered. */
  answered: number;
  /** Probability that the introduction is read: answered, or opened without an answer. */
  read: number;
}

export function blindProblem(options: BenchOptions, learner: number, cut: Discretisation): BlindProblem {
  const { days, knownRecall, groups } = learnerProblem(options, learner, cut);
  const answered = options.engagement;
  return { days, knownRecall, groups, answered, read: answered + (1 - answered) * READ_WITHOUT_ANSWER };
}

/** A group's optimal blind policy at given prices. */
export interface BlindSolution {
  /** practised[e·(size + 1) + j]: best E[R_end − prices] just after a practice on day e left grid point j. */
  practised: Float64Array;
  /** unread[d]: best E[R_end − prices] at the end of day d for a word never read (0 on the last day). */
  unread: Float64Array;
  /** place[(e·size + j)·days + n]: 1 if, still at (j, practised on e) before day n, the word is placed on day n. */
  place: Uint8Array | null;
  /** placeUnread[n]: 1 if a word still unread before day n is placed on day n. */
  placeUnread: Uint8Array;
}

/**
 * The value at the end of day `from` of a word of `group` waiting at grid point `index` since its last practice on
 * `last` (≤ from), given `practised` for the days after `from`: backwards from the last day, each day n either places
 * the word (−λ_n, answered with probability p: success or failure, else it waits on) or waits. With `place`, the days
 * on which it places are marked 1 at `place[offset + n]` (and the others 0).
 */
export function waitValue(
  problem: BlindProblem,
  group: Group,
  practised: Float64Array,
  price: Float64Array,
  index: number,
  last: number,
  from: number,
  place?: { marks: Uint8Array; offset: number },
): number {
  const { days, answered: p } = problem;
  const { size, recallAfter, successAt, failureAt } = group;
  const width = size + 1;
  const wait = 1 - p;
  let value = Math.exp(-(days - last) / group.stabilities[index]!);
  const failure = failureAt[index]!;
  const base = index * days - last;
  for (let n = days - 1; n > from; n--) {
    const cell = base + n;
    const recall = recallAfter[cell]!;
    const row = n * width;
    const placed =
      p * (recall * practised[row + successAt[cell]!]! + (1 - recall) * practised[row + failure]!) -
      price[n]! +
      wait * value;
    const placing = placed > value;
    if (placing) value = placed;
    if (place) place.marks[place.offset + n] = placing ? 1 : 0;
  }
  return value;
}

/**
 * The backward pass of one group's blind programme at prices `price`. With `decisions` (at least days² · grid bytes,
 * overwritten), the placements are kept there for a forward pass; without, only the values.
 */
export function solveBlindGroup(
  problem: BlindProblem,
  group: Group,
  price: Float64Array,
  decisions: Uint8Array | null,
): BlindSolution {
  const { days, answered: p } = problem;
  const { size } = group;
  const width = size + 1; // one more column: past the grid's top, valued 1
  const practised = new Float64Array(days * width);
  const place = decisions;
  const firstDay = Math.min(...group.words.map((word) => word.introduced));
  for (let e = days - 1; e >= firstDay; e--) {
    practised[e * width + size] = 1;
    for (let j = 0; j < size; j++)
      practised[e * width + j] = waitValue(
        problem,
        group,
        practised,
        price,
        j,
        e,
        e,
        place ? { marks: place, offset: (e * size + j) * days } : undefined,
      );
  }
  const wait = 1 - p;
  // A word never read: placed, it is read (its first review fails) on an answered day; otherwise it waits unread.
  const unread = new Float64Array(days);
  const placeUnread = new Uint8Array(days);
  for (let d = days - 2; d >= firstDay; d--) {
    const n = d + 1;
    const placed = p * practised[n * width]! - price[n]! + wait * unread[n]!;
    if (placed > unread[n]!) {
      unread[d] = placed;
      placeUnread[n] = 1;
    } else unread[d] = unread[n]!;
  }
  return { practised, unread, place, placeUnread };
}

/** The value of one word introduced on `introduced`: read with probability q, else unread. */
function wordValue(problem: BlindProblem, group: Group, solution: BlindSolution, introduced: number): number {
  return (
    problem.read * solution.practised[introduced * (group.size + 1)]! +
    (1 - problem.read) * solution.unread[introduced]!
  );
}

/**
 * One group's part of the dual at prices `price`, and (into `placements`, when given) the expected placements a day
 * of its words' optimal policies.
 */
function blindGroupValue(
  problem: BlindProblem,
  group: Group,
  price: Float64Array,
  placements: { perDay: Float64Array; decisions: Uint8Array } | null,
): number {
  if (group.trivial) return group.words.length;
  const solution = solveBlindGroup(problem, group, price, placements?.decisions ?? null);
  let total = 0;
  for (const { introduced } of group.words) total += wordValue(problem, group, solution, introduced);
  if (!placements) return total;
  const { perDay } = placements;
  const { days, answered: p, read } = problem;
  const { size, recallAfter, successAt, failureAt } = group;
  const { place, placeUnread } = solution;
  // Forward: the mass of words just practised at (j, e); the words' policies are linear in where they start.
  const mass = new Float64Array(days * size);
  for (const { introduced } of group.words) {
    mass[introduced * size]! += read;
    let still = 1 - read;
    for (let n = introduced + 1; n < days && still > 0; n++)
      if (placeUnread[n]) {
        perDay[n]! += still;
        mass[n * size]! += still * p;
        still *= 1 - p;
      }
  }
  const firstDay = Math.min(...group.words.map((word) => word.introduced));
  for (let e = firstDay; e < days; e++)
    for (let j = 0; j < size; j++) {
      const here = mass[e * size + j]!;
      if (here === 0) continue;
      const decided = (e * size + j) * days;
      const failure = failureAt[j]!;
      let still = here;
      for (let n = e + 1; n < days && still > 0; n++) {
        if (!place![decided + n]) continue;
        const cell = j * days + (n - e);
        const recall = recallAfter[cell]!;
        perDay[n]! += still;
        const success = successAt[cell]!;
        if (success < size) mass[n * size + success]! += still * p * recall;
        mass[n * size + failure]! += still * p * (1 - recall);
        still *= 1 - p;
      }
    }
  return total;
}

/** The dual at prices `price` (an upper bound on the learner's expected ΣR) and, if asked, the placements a day. */
export function blindDualBound(
  problem: BlindProblem,
  price: Float64Array,
  withPlacements = true,
): { bound: number; reviews: Float64Array } {
  const reviews = new Float64Array(problem.days);
  let bound = problem.knownRecall;
  for (let day = 1; day < problem.days; day++) bound += DAILY_REVIEW_CAP_DEFAULT * price[day]!;
  // One buffer for every group's placements, each group's pass overwriting it.
  const largest = Math.max(0, ...problem.groups.map((group) => (group.trivial ? 0 : group.size)));
  const placements = withPlacements
    ? { perDay: reviews, decisions: new Uint8Array(problem.days * problem.days * largest) }
    : null;
  for (const group of problem.groups) bound += blindGroupValue(problem, group, price, placements);
  return { bound, reviews };
}

/** The lowest dual seen over `steps` subgradient steps on every day's price, and the prices that gave it. */
export function minimiseBlindDual(
  problem: BlindProblem,
  steps: number,
  start = 0,
): { bound: number; price: Float64Array } {
  // Every send has the cap's places, answered or not: every day is priced.
  const everyDay = { days: problem.days, answered: Array.from({ length: problem.days }, () => true) };
  return lowestDual(everyDay, (price) => blindDualBound(problem, price), steps, start);
}

/**
 * The prices for one learner, searched on the search cut from PRICE_SEARCH_START: the same prices serve the bound and
 * the schedule at its prices (blind-lagrangian-policy.ts), so the search runs once for both.
 */
export function blindPricesOf(
  options: BenchOptions,
  learner: number,
  bound: ExponentialBoundOptions = BLIND_BOUND_DEFAULTS,
): Float64Array {
  return minimiseBlindDual(blindProblem(options, learner, bound.search), bound.dualSteps, PRICE_SEARCH_START)
    .price;
}

/** The bound for one learner of the bench (the same person the harness simulates, on average over their days). */
export function exponentialBlindBoundOf(
  options: BenchOptions,
  learner: number,
  bound: ExponentialBoundOptions = BLIND_BOUND_DEFAULTS,
  price: Float64Array = blindPricesOf(options, learner, bound),
): number {
  return blindDualBound(blindProblem(options, learner, bound.final), price, false).bound;
}

/** The mean bound over the first `learners` learners of a run. */
export function exponentialBlindBound(
  options: BenchOptions,
  learners: number,
  bound: ExponentialBoundOptions = BLIND_BOUND_DEFAULTS,
): number {
  return meanOverLearners(learners, (learner) => exponentialBlindBoundOf(options, learner, bound));
}
