// AN UPPER BOUND, NOT A POLICY: the most expected ΣR at the last day that any schedule whose reviews ask before they
// tell could leave an ACT-R learner with (models.ts, `actrModel`), under the product's cap. A target above it is out
// of reach on that model, whatever the product does. docs/bench-learning.md, "An upper bound on ACT-R (session 35)",
// has the method, what it assumes, where it could fail and the figures.
//
// The schedules bounded: at most the cap of review items a day, a word at most once a day, reviews only on days the
// learner answers (an unanswered review that asks first teaches nothing), one new word a send, introduced as the
// harness does (read that day if the message is opened, else first met at its first review). The schedule may know
// everything in advance (which days are answered or read, every word's intercept).
//
// ACT-R's memory ignores outcomes: every encounter adds a trace whatever the answer. So a word's recall at the end is
// a function of the set of days it is reviewed on, and the problem is deterministic. Pricing a review on day d at
// λ_d ≥ 0 decouples the words; for any prices
//     ΣR of any such schedule ≤ known words' recall + Σ_words max_set [R_end(set) − Σ_{d∈set} λ_d]
//                               + cap · Σ_{d answered} λ_d
// (the cap holds on every day of every schedule, so each day's Σ_words review_d ≤ cap). Each word's maximum is bounded
// by a best-first branch and bound over its review days (`solveWord`). Solved exactly it is exponential at 180 days,
// so the bench opens a budget of branches per word, the highest estimate first, and counts every branch still open at
// its optimistic estimate, which is at least what the branch holds: a looser bound, never a wrong one. Subgradient
// steps on the prices (each word at its estimate alone) find low duals; the bound is evaluated once more, with the
// budgeted search, at the best prices found (any prices give a valid bound).
//
// The pruning estimate (checked against models.ts): a trace's decay c·e^(m) + α depends only on the activation m at
// its own encounter, m = offset + ln of a sum of positive terms age^(−decay) (no outcome enters). So a later review's
// decay is at least what the traces already placed give, plus what the later reviews before it add; each of those
// adds its own term at the end times ((end − d)/(e − d))^(its decay), at least ((end − first)/(e − first))^(the least
// decay at e) for a branch whose later reviews start on day `first` or after. Each later review adds at most
// age^(−that decay) to the sum at the end (every age is at least a day, over a second in the model's units, so a higher
// decay means a smaller term), and the recall at the end grows with that sum. `estimate` below turns this into a
// forward programme over the days left (the sum the later reviews can add, against the prices of their own days).
// Every trace kept is made by the model's own `practise` and valued by its own `recall`; only the estimate's arithmetic
// uses a copy of the constants (checked by the test).
import { DAILY_REVIEW_CAP_DEFAULT } from "@shared/constants";
import {
  drawLearner,
  KNOWN_RECALL,
  wordDifficulties,
  type BenchOptions,
} from "../../src/server/features/learning/simulation/harness";
import { actrModel } from "../../src/server/features/learning/simulation/models";
import { lowestDual } from "./daily-review-prices";
import { meanOverLearners } from "./mean-over-learners";

/**
 * models.ts's ACT-R constants (Pavlik & Anderson 2005, and a day away as 2,160 s), copied for the pruning estimate's
 * arithmetic only: every trace the bound keeps is made by the model's own `practise` and valued by its own `recall`.
 * The test checks this copy against the model's functions, so a change there fails it.
 */
export const ACTR_CONSTANTS = {
  c: 0.217,
  alpha: 0.177,
  tau: -0.704,
  s: 0.255,
  secondsPerDay: 86_400 * 0.025,
};

/** Σ age^(−decay) over a word's traces on `day` (all of them earlier: a word meets at most one encounter a day). */
export function termSum(trace: { days: number[]; decays: number[] }, day: number): number {
  let sum = 0;
  for (let index = 0; index < trace.days.length; index++)
    sum += Math.pow((day - trace.days[index]!) * ACTR_CONSTANTS.secondsPerDay, -trace.decays[index]!);
  return sum;
}

/**
 * The estimate's bound on what later reviews add to the sum at the end is rounded up to a grid (its step is a search
 * limit) up to this top, past which recall counts as 1.
 */
const ESTIMATE_TOP = 4;
/** Each bound on the sum is raised by this share before it is rounded up, against floating-point error. */
const ROUNDING_MARGIN = 1 + 1e-9;

/** The recall of a word whose traces sum to `sum` (0 with no trace, as the model's activation of −∞ gives). */
export const recallOfSum = (sum: number, offset: number) =>
  1 / (1 + Math.exp((ACTR_CONSTANTS.tau - Math.log(sum) - offset) / ACTR_CONSTANTS.s));

type ActrMemory = ReturnType<typeof actrModel.learner>;
type ActrTrace = ReturnType<ActrMemory["encode"]>;

/** One word not known already: its memory after its introduction, and the days a review of it could teach. */
export interface ActrWord {
  /** After the introduction: one trace if it was read that day; none if not (its first review is its first reading). */
  trace: ActrTrace;
  /** The answered days after its introduction and before the end, in order. */
  candidates: number[];
}

export interface ActrLearnerProblem {
  days: number;
  answered: boolean[];
  knownRecall: number;
  memory: ActrMemory;
  words: ActrWord[];
}

export function actrLearnerProblem(options: BenchOptions, learner: number): ActrLearnerProblem {
  const { days } = options;
  const draws = drawLearner(actrModel, options, learner);
  const memory = draws.memory as ActrMemory;
  const difficulty = wordDifficulties(options.seed);
  let knownRecall = 0;
  const words: ActrWord[] = [];
  // One new word a send, every send: word w is introduced on day w (the harness's order).
  for (let word = 0; word < days; word++) {
    if (draws.known[word]) {
      knownRecall += KNOWN_RECALL;
      continue;
    }
    const trace = memory.encode(word, difficulty[word]!);
    // A word never read starts with no trace: the model's activation of an empty sum is −∞, so its recall is 0 (as the
    // harness's for a word without a trace) and the first `practise` gives the decay α that `encode` would have.
    if (!(draws.answered[word]! || draws.read[word]!)) [trace.days, trace.decays] = [[], []];
    const candidates: number[] = [];
    for (let day = word + 1; day < days; day++) if (draws.answered[day]) candidates.push(day);
    words.push({ trace, candidates });
  }
  return { days, answered: draws.answered, knownRecall, memory, words };
}

/** One word's best review set at given prices. */
export interface WordSolution {
  /** An upper bound on max_set [R_end(set) − prices]: the maximum itself when `exact`. */
  value: number;
  /** The days whose prices `value` pays (its set, or its branch's reviews and the estimate's cheapest days). */
  pricedDays: number[];
  /** The value of the best set found (a schedule's, so at most the maximum). */
  achieved: number;
  exact: boolean;
}

/** How far a word's search goes before it counts a branch at its optimistic estimate. */
export interface SearchLimits {
  /** Reviews placed exactly (Infinity: no limit). */
  depth: number;
  /** Branches opened, best estimate first; past this many every open branch counts at its estimate. */
  budget: number;
  /**
   * The estimate's grid: every review rounds the bound on the sum up by up to a step, and a term at the end is about
   * 0.03–0.2. On learner 0 of seed 20261128 at 60% answered, steps of 0.005, 0.0025, 0.00125 and 0.0005 gave a first
   * estimate of 134.7, 132.6, 131.6 and 131.1.
   */
  step: number;
}

/** Either limit only loosens the bound: a branch cut off counts at its estimate, which is at least what it holds. */
export const EXACT_SEARCH: SearchLimits = { depth: Infinity, budget: Infinity, step: 0.0005 };

interface Branch {
  value: number;
  pricedDays: number[];
}

/** A branch of a word's search: the reviews placed so far, the next on candidates[from..], and its estimate. */
interface OpenBranch extends Branch {
  trace: ActrTrace;
  placed: number[];
  from: number;
  paid: number;
}

/** The open branches, the highest estimate on top (a binary heap). */
class OpenBranches {
  private readonly heap: OpenBranch[] = [];

  get size() {
    return this.heap.length;
  }

  top(): OpenBranch | undefined {
    return this.heap[0];
  }

  push(branch: OpenBranch) {
    const heap = this.heap;
    let index = heap.push(branch) - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (heap[parent]!.value >= branch.value) break;
      heap[index] = heap[parent]!;
      index = parent;
    }
    heap[index] = branch;
  }

  pop(): OpenBranch | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || last === undefined) return top;
    let index = 0;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= heap.length) break;
      if (child + 1 < heap.length && heap[child + 1]!.value > heap[child]!.value) child += 1;
      if (heap[child]!.value <= last.value) break;
      heap[index] = heap[child]!;
      index = child;
    }
    heap[index] = last;
    return top;
  }
}

/**
 * The optimistic estimate of the best value reachable from a branch whose traces are `trace`, by reviewing on some of
 * candidates[from..], less `paid` (its reviews' prices). A later review on day e has decay at least
 * scale·(F(e) + G_e·P) + α, where F(e) is the placed traces' sum at e, P the sum at the end of the later reviews before
 * e, and G_e = ((end − first)/(e − first))^(scale·F(e) + α) with `first` the first candidate day: a later review on
 * day d (first ≤ d < e) adds to the sum at e its term at the end times ((end − d)/(e − d))^(its decay), a ratio of at
 * least (end − first)/(e − first) (it grows with d) to a power of at least scale·F(d) + α ≥ scale·F(e) + α (F only
 * shrinks with time). So its term at the end is at most B_e·exp(−κ_e·P) (B_e, κ_e below), and after it the later
 * reviews' sum at the end is at most max(B_e, P + B_e·exp(−κ_e·P)) when it was at most P before (the right side is
 * convex in P, so its largest value below a bound is at 0 or at the bound; and it grows with that bound). A forward
 * programme over the days left, with that bound rounded UP to a grid of `step`, finds the cheapest way to each
 * bound; the estimate is the best recall at the end with that sum, less its price. Its priced days are `placed` and
 * the programme's days.
 */
function estimate(
  trace: ActrTrace,
  candidates: number[],
  from: number,
  price: Float64Array,
  end: number,
  placed: number[],
  paid: number,
  step: number,
  withDays: boolean,
): Branch {
  const scale = ACTR_CONSTANTS.c * Math.exp(trace.offset);
  const endSum = termSum(trace, end);
  const points = Math.ceil(ESTIMATE_TOP / step);
  const width = points + 1;
  const cost = new Float64Array(width).fill(Infinity);
  const chosenOn = withDays ? new Int32Array((candidates.length - from) * width).fill(-1) : undefined;
  const cameFrom = withDays ? new Int32Array((candidates.length - from) * width) : undefined;
  cost[0] = 0;
  let highest = 0;
  const first = candidates[from]!;
  for (let index = from; index < candidates.length; index++) {
    const day = candidates[index]!;
    const logAge = Math.log((end - day) * ACTR_CONSTANTS.secondsPerDay);
    const leastDecay = scale * termSum(trace, day) + ACTR_CONSTANTS.alpha;
    const most = Math.exp(-leastDecay * logAge);
    const ageFactor = day > first ? Math.pow((end - first) / (day - first), leastDecay) : 1;
    const kappa = scale * logAge * ageFactor;
    const row = (index - from) * width;
    // exp(−κ·sum), point by point downwards by one factor while it stays far from underflow, else directly.
    const stepwise = kappa * step * highest < 600;
    const ratio = Math.exp(kappa * step);
    let fade = Math.exp(-kappa * step * highest);
    let reached = highest;
    // Downwards, so that a point reached today is not extended today again (one review a day).
    for (let point = highest; point >= 0; point--, fade *= ratio) {
      if (cost[point] === Infinity) continue;
      const sum = point * step;
      const after = Math.max(most, sum + most * (stepwise ? fade : Math.exp(-kappa * sum)));
      const target = Math.min(points, Math.ceil((after * ROUNDING_MARGIN) / step));
      if (target <= point || cost[point]! + price[day]! >= cost[target]!) continue;
      cost[target] = cost[point]! + price[day]!;
      reached = Math.max(reached, target);
      if (chosenOn && cameFrom) [chosenOn[row + target], cameFrom[row + target]] = [index, point];
    }
    highest = reached;
  }
  let best = -Infinity;
  let bestPoint = 0;
  for (let point = 0; point <= highest; point++) {
    if (cost[point] === Infinity) continue;
    // The top point stands for every sum past it: recall at most 1.
    const recall = point === points ? 1 : recallOfSum(endSum + point * step, trace.offset);
    if (recall - paid - cost[point]! > best) [best, bestPoint] = [recall - paid - cost[point]!, point];
  }
  // The days the estimate pays for: back along the programme from the best point.
  const pricedDays = [...placed];
  let point = bestPoint;
  for (let index = candidates.length - 1; chosenOn && cameFrom && index >= from && point > 0; index--) {
    const row = (index - from) * width;
    if (chosenOn[row + point] === index) {
      pricedDays.push(candidates[index]!);
      point = cameFrom[row + point]!;
    }
  }
  return { value: best, pricedDays };
}

/**
 * Best-first branch and bound over one word's review days. A branch holds the reviews placed so far (traces made by
 * the model's own `practise`); opening it values each child (the next review on a later candidate day) as a complete
 * set (a schedule: at most the maximum) and by its estimate (at least anything below it). The branch with the highest
 * estimate is opened first, so the word's value is at most the larger of the best set found and the highest estimate
 * still open, at every moment; once no open estimate beats the best set, that set is the maximum (`exact`). A branch
 * past the depth, or every one still open when the budget runs out, counts at its estimate: only looser.
 */
export function solveWord(
  memory: ActrMemory,
  word: ActrWord,
  price: Float64Array,
  end: number,
  limits: SearchLimits = EXACT_SEARCH,
): WordSolution {
  const { candidates } = word;
  const rootTrace: ActrTrace = { ...word.trace, days: [...word.trace.days], decays: [...word.trace.decays] };
  let best: Branch = { value: memory.recall(rootTrace, end), pricedDays: [] };
  /** The best estimate among branches that the depth keeps closed. */
  let closed: OpenBranch | undefined;
  const open = new OpenBranches();
  /** A child is worth at most its parent's estimate too: so opening a branch never raises the bound. */
  const openBranch = (
    trace: ActrTrace,
    placed: number[],
    from: number,
    paid: number,
    parentValue: number,
  ) => {
    if (from >= candidates.length) return;
    const value = Math.min(
      estimate(trace, candidates, from, price, end, placed, paid, limits.step, false).value,
      parentValue,
    );
    if (value > best.value) open.push({ value, pricedDays: placed, trace, placed, from, paid });
  };
  openBranch(rootTrace, [], 0, 0, Infinity);
  let opened = 0;
  while (open.size > 0 && open.top()!.value > best.value && opened < limits.budget) {
    const branch = open.pop()!;
    if (branch.placed.length >= limits.depth) {
      if (!closed || branch.value > closed.value) closed = branch;
      continue;
    }
    opened += 1;
    for (let index = branch.from; index < candidates.length; index++) {
      const day = candidates[index]!;
      const trace: ActrTrace = {
        ...branch.trace,
        days: [...branch.trace.days],
        decays: [...branch.trace.decays],
      };
      memory.practise(trace, day, "read", 0);
      const placed = [...branch.placed, day];
      const paid = branch.paid + price[day]!;
      const stop = memory.recall(trace, end) - paid;
      if (stop > best.value) best = { value: stop, pricedDays: placed };
      openBranch(trace, placed, index + 1, paid, branch.value);
    }
  }
  const stillOpen = [closed, open.top()].reduce((higher, branch) =>
    branch && branch.value > (higher?.value ?? -Infinity) ? branch : higher,
  );
  if (!stillOpen || stillOpen.value <= best.value)
    return { value: best.value, pricedDays: best.pricedDays, achieved: best.value, exact: true };
  // The days it pays for, traced back only now (the subgradient's part).
  const { trace, placed, from, paid } = stillOpen;
  const { pricedDays } = estimate(trace, candidates, from, price, end, placed, paid, limits.step, true);
  return { value: stillOpen.value, pricedDays, achieved: best.value, exact: false };
}

/**
 * The dual at prices `price`: an upper bound on the learner's ΣR, and a subgradient's part: how many words' values pay
 * each day's price (the reviews a day of the words' best sets, when every search is exact).
 */
export function actrDualBound(
  problem: ActrLearnerProblem,
  price: Float64Array,
  limits: SearchLimits = EXACT_SEARCH,
): { bound: number; reviews: Float64Array } {
  const reviews = new Float64Array(problem.days);
  let bound = problem.knownRecall;
  for (let day = 1; day < problem.days; day++)
    if (problem.answered[day]) bound += DAILY_REVIEW_CAP_DEFAULT * price[day]!;
  for (const word of problem.words) {
    const solution = solveWord(problem.memory, word, price, problem.days, limits);
    bound += solution.value;
    for (const day of solution.pricedDays) reviews[day]! += 1;
  }
  return { bound, reviews };
}

export interface ActrBoundOptions {
  /** The searches while the prices are sought (shallow: each step solves every word). */
  search: SearchLimits;
  /** The searches of the one evaluation at the best prices found (any prices give a valid bound). */
  final: SearchLimits;
  /** Subgradient steps on the prices. */
  dualSteps: number;
  /** Where every answered day's price starts. */
  startPrice: number;
}

/**
 * While the prices are sought (200 subgradient steps) each word is bounded by its estimate alone on a coarse grid; at
 * the best prices found three branches of each word are opened, best first, on the fine grid. On learner 0 of seed
 * 20261128 at 60% answered (docs/bench-learning.md, "A tighter cut (session 36)"): with 60 steps, prices from the fine
 * grid gave 126.9 at 3 branches and 126.2 at 10, for 16 s of CPU searching and 7 and 20 s evaluating; from the coarse
 * grid 126.8 at 3, for 1.6 and 6 s; with 200 steps on the coarse grid 125.8 at 3 and 125.1 at 10, for 6 s searching.
 */
export const ACTR_BOUND_DEFAULTS: ActrBoundOptions = {
  search: { depth: 0, budget: Infinity, step: 0.005 },
  final: { depth: Infinity, budget: 3, step: 0.0005 },
  dualSteps: 200,
  startPrice: 0.02,
};

/** The lowest dual seen over the subgradient steps on the prices, and the prices that gave it. */
export function minimiseActrDual(
  problem: ActrLearnerProblem,
  { search, dualSteps, startPrice }: ActrBoundOptions = ACTR_BOUND_DEFAULTS,
): { bound: number; price: Float64Array } {
  return lowestDual(problem, (price) => actrDualBound(problem, price, search), dualSteps, startPrice);
}

/** The bound for one learner of the bench (the same person the harness simulates). */
export function actrUpperBoundOf(
  options: BenchOptions,
  learner: number,
  bound: ActrBoundOptions = ACTR_BOUND_DEFAULTS,
): number {
  const problem = actrLearnerProblem(options, learner);
  const { price } = minimiseActrDual(problem, bound);
  return actrDualBound(problem, price, bound.final).bound;
}

/** The mean bound over the first `learners` learners of a run. */
export function actrUpperBound(
  options: BenchOptions,
  learners: number,
  bound: ActrBoundOptions = ACTR_BOUND_DEFAULTS,
): number {
  return meanOverLearners(learners, (learner) => actrUpperBoundOf(options, learner, bound));
}
