import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/server/features/learning/simulation/default-policy";
import { passivePolicy, simulatePolicy } from "../../src/server/features/learning/simulation/harness";
import { hlrModel, type HlrTrace } from "../../src/server/features/learning/simulation/models";
import { ceilingPolicy } from "./ceiling-policy";
import { hlrLagrangianPolicy } from "./hlr-lagrangian-policy";
import {
  hlrDualBound,
  hlrGroupOf,
  hlrLearnerProblem,
  hlrOutcomeBound,
  minimiseHlrDual,
  solveHlrGroup,
  type HlrCut,
  type HlrLearnerProblem,
  type HlrWord,
} from "./hlr-outcome-bound";
import { hlrUpperBound } from "./hlr-upper-bound";

const LEARNERS = 3;
/** Coarse cuts keep the test fast; every cut gives a valid bound, only a looser one. */
const COARSE = {
  search: { baseStep: 0.25, rightCap: 12, wrongCap: 2 },
  final: { baseStep: 0.1, rightCap: 16, wrongCap: 3 },
  dualSteps: 15,
  startPrice: 0.02,
};
/** No cut at all on a run this short: every count the run can reach is below the caps, every base its own. */
const exact = (days: number): HlrCut => ({ baseStep: 0, rightCap: days + 1, wrongCap: days + 1 });

/**
 * The harness's semantics, step by step with the model's own functions: a word read at its introduction is encoded
 * then; a first review of a word never read fails and encodes it; a review on an answered day after the introduction
 * succeeds with the model's recall; the value is the recall at the end. `choose` picks each day's reviews.
 */
type Traces = (HlrTrace | null)[];
function reviewed(problem: HlrLearnerProblem, traces: Traces, word: number, day: number, recalled: boolean) {
  const after = [...traces];
  const trace = traces[word];
  if (!trace) after[word] = { ...problem.memory.encode(day, 0), base: problem.words[word]!.base };
  else {
    const copy = { ...trace };
    problem.memory.practise(copy, day, recalled ? "recalled" : "failed", problem.memory.recall(trace, day));
    after[word] = copy;
  }
  return after;
}

/** The best expected ΣR − prices of the unknown words over every adaptive schedule (at most `cap` reviews a day). */
function bruteForce(problem: HlrLearnerProblem, price: Float64Array): number {
  const { days, words, cap } = problem;
  const memo = new Map<string, number>();
  const go = (traces: Traces, day: number): number => {
    if (day === days)
      return traces.reduce((sum, trace) => sum + (trace ? problem.memory.recall(trace, days) : 0), 0);
    const key = `${day}|${traces.map((trace) => (trace ? `${trace.right},${trace.wrong},${trace.lastDay}` : "-"))}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    // The send's reviews come first, then its new word (read if the message is opened).
    const candidates = problem.answered[day]
      ? words.flatMap((word, index) => (word.introduced < day ? [index] : []))
      : [];
    const introduce = (after: Traces) =>
      after.map((trace, index) => {
        const word = words[index]!;
        return word.introduced === day && word.read
          ? { ...problem.memory.encode(day, 0), base: word.base }
          : trace;
      });
    let best = -Infinity;
    // Every subset of the candidates of at most `cap` words, each with both outcomes.
    for (let subset = 0; subset < 1 << candidates.length; subset++) {
      const chosen = candidates.filter((_, bit) => subset & (1 << bit));
      if (chosen.length > cap) continue;
      const expected = (index: number, after: Traces): number => {
        if (index === chosen.length) return go(introduce(after), day + 1);
        const word = chosen[index]!;
        const trace = traces[word];
        const p = trace ? problem.memory.recall(trace, day) : 0;
        return (
          (p > 0 ? p * expected(index + 1, reviewed(problem, after, word, day, true)) : 0) +
          (1 - p) * expected(index + 1, reviewed(problem, after, word, day, false))
        );
      };
      best = Math.max(best, expected(0, traces) - chosen.length * price[day]!);
    }
    memo.set(key, best);
    return best;
  };
  return go(
    words.map(() => null),
    0,
  );
}

/** The dual less what it adds for the known words and the prices: the words' own part. */
const wordsPart = (problem: HlrLearnerProblem, cut: HlrCut, price: Float64Array) => {
  let paid = problem.knownRecall;
  for (let day = 1; day < problem.days; day++) if (problem.answered[day]) paid += problem.cap * price[day]!;
  return hlrDualBound(problem, cut, price).bound - paid;
};

describe("the upper bound on a half-life-regression learner's ΣR that counts outcomes", () => {
  const tiny = hlrLearnerProblem({ learners: 1, days: 11, seed: 7, engagement: 0.6 }, 0);
  const price = Float64Array.from({ length: 12 }, (_, day) => 0.01 + 0.006 * (day % 4));

  for (const engagement of [1, 0.6])
    it(`solves each word exactly: its value equals the best over every adaptive schedule of it alone (${engagement * 100}% of days answered)`, () => {
      const problem = hlrLearnerProblem({ learners: 1, days: 12, seed: 7, engagement }, 0);
      // At 60%, words read at their introduction and words first met at their first review.
      expect(problem.words.some((word) => !word.read)).toBe(engagement < 1);
      for (const word of problem.words) {
        const alone = { ...problem, words: [word], knownRecall: 0 };
        const best = bruteForce(alone, price);
        expect(wordsPart(alone, exact(problem.days), price)).toBeCloseTo(best, 12);
        // A cut only raises it.
        expect(wordsPart(alone, { baseStep: 0.5, rightCap: 2, wrongCap: 1 }, price)).toBeGreaterThanOrEqual(
          best - 1e-12,
        );
      }
    });

  it("is above the best schedule of three words sharing one review place a day", () => {
    const three = { ...tiny, cap: 1, knownRecall: 0, words: tiny.words.slice(0, 3) };
    const best = bruteForce(three, new Float64Array(tiny.days));
    const { bound } = minimiseHlrDual(three, exact(tiny.days), 200, 0.05);
    expect(bound).toBeGreaterThanOrEqual(best - 1e-12);
    // Close to it: the prices price the shared place (without them the three words would be valued alone).
    expect(bound - best).toBeLessThan(0.01);
    expect(bound).toBeLessThan(wordsPart(three, exact(tiny.days), new Float64Array(tiny.days)) - 0.01);
  });

  it("values a word more the higher its base and its right count and the lower its wrong count", () => {
    const cut: HlrCut = { baseStep: 0, rightCap: 8, wrongCap: 3 };
    const words: HlrWord[] = [{ base: -0.4, introduced: 1, read: true }];
    const valueAt = (base: number) =>
      solveHlrGroup(tiny, hlrGroupOf(tiny, base, words, cut), cut, price).value;
    const [lower, higher] = [valueAt(-0.4), valueAt(-0.1)];
    const wrongs = cut.wrongCap + 1;
    for (let state = 0; state < cut.rightCap * wrongs; state++)
      for (let day = 1; day < tiny.days; day++) {
        const at = (value: Float64Array, right: number, wrong: number) =>
          value[(right * wrongs + wrong) * tiny.days + day]!;
        const [right, wrong] = [Math.floor(state / wrongs), state % wrongs];
        expect(higher[state * tiny.days + day]).toBeGreaterThanOrEqual(
          lower[state * tiny.days + day]! - 1e-12,
        );
        if (right + 1 < cut.rightCap)
          expect(at(lower, right + 1, wrong)).toBeGreaterThanOrEqual(at(lower, right, wrong) - 1e-12);
        if (wrong + 1 < wrongs)
          expect(at(lower, right, wrong + 1)).toBeLessThanOrEqual(at(lower, right, wrong) + 1e-12);
      }
  });

  it("gives the passive word's ΣR exactly when reviews cost more than a word is worth (the harness's learner)", async () => {
    const options = { learners: 1, days: 40, seed: 7, engagement: 0.6 };
    const problem = hlrLearnerProblem(options, 0);
    const dear = new Float64Array(options.days).fill(2);
    const { sigmaR } = await simulatePolicy(hlrModel, passivePolicy, options);
    // Whatever the cut: a review is then worth less than nothing from every state.
    const cut = { baseStep: 0, rightCap: 2, wrongCap: 1 };
    expect(wordsPart(problem, cut, dear) + problem.knownRecall).toBeCloseTo(sigmaR, 10);
  });

  it("only tightens as the cut is refined, at the same prices", () => {
    const problem = hlrLearnerProblem({ learners: 1, days: 40, seed: 7, engagement: 0.6 }, 0);
    const flat = new Float64Array(problem.days).fill(0.03);
    const at = (cut: HlrCut) => hlrDualBound(problem, cut, flat).bound;
    const cuts: HlrCut[] = [
      { baseStep: 0.4, rightCap: 6, wrongCap: 1 },
      { baseStep: 0.2, rightCap: 6, wrongCap: 1 },
      { baseStep: 0.2, rightCap: 12, wrongCap: 1 },
      { baseStep: 0.2, rightCap: 12, wrongCap: 4 },
      { baseStep: 0, rightCap: 12, wrongCap: 4 },
    ];
    for (let index = 1; index < cuts.length; index++)
      expect(at(cuts[index]!)).toBeLessThanOrEqual(at(cuts[index - 1]!) + 1e-9);
  });

  for (const engagement of [1, 0.6]) {
    it(`is above what the product, the ceiling, the passive word and the schedule at its prices reach, below the bound that lets every review succeed (${engagement * 100}% of days answered)`, async () => {
      const options = { learners: LEARNERS, days: 40, seed: 7, engagement };
      const bound = hlrOutcomeBound(options, LEARNERS, COARSE);
      const passive = await simulatePolicy(hlrModel, passivePolicy, options);
      // The bound is on the expected ΣR; each schedule's figure here is one draw of the learners' outcomes.
      for (const policy of [
        defaultPolicy({ personalParameters: false }),
        ceilingPolicy(0.9, "highest recall first"),
        ceilingPolicy(0.7, "lowest recall first"),
      ]) {
        const { sigmaR } = await simulatePolicy(hlrModel, policy, options);
        expect(sigmaR, policy.name).toBeLessThanOrEqual(bound);
      }
      expect(passive.sigmaR).toBeLessThanOrEqual(bound);
      // The schedule at the bound's prices keeps the cap, beats the passive word and stays below the bound.
      const atPrices = await simulatePolicy(hlrModel, hlrLagrangianPolicy(options, COARSE), options);
      expect(atPrices.reviewItemsPerDayP95).toBeLessThanOrEqual(10);
      expect(atPrices.sigmaR).toBeGreaterThan(passive.sigmaR);
      expect(atPrices.sigmaR).toBeLessThanOrEqual(bound);
      expect(bound).toBeLessThan(hlrUpperBound(options, LEARNERS, { rereads: false }));
    });
  }
});
