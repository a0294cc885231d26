import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/server/features/learning/simulation/default-policy";
import { passivePolicy, simulatePolicy } from "../../src/server/features/learning/simulation/harness";
import { actrModel } from "../../src/server/features/learning/simulation/models";
import {
  actrDualBound,
  actrLearnerProblem,
  actrUpperBound,
  ACTR_BOUND_DEFAULTS,
  ACTR_CONSTANTS,
  EXACT_SEARCH,
  recallOfSum,
  solveWord,
  termSum,
} from "./act-r-upper-bound";
import { ceilingPolicy } from "./ceiling-policy";

const LEARNERS = 3;

describe("the upper bound on an ACT-R learner's ΣR", () => {
  for (const engagement of [1, 0.6]) {
    it(`is above what the product, the ceiling and the passive word reach (${engagement * 100}% of days answered)`, async () => {
      const options = { learners: LEARNERS, days: 40, seed: 7, engagement };
      // Fewer price steps than the bench: any prices give a valid bound, only a looser one.
      const bound = actrUpperBound(options, LEARNERS, { ...ACTR_BOUND_DEFAULTS, dualSteps: 60 });
      // ACT-R's memory ignores outcomes, so each schedule's ΣR here is exact, not one draw of the outcomes.
      for (const policy of [
        defaultPolicy({ personalParameters: false }),
        ceilingPolicy(0.9, "highest recall first"),
        ceilingPolicy(0.7, "lowest recall first"),
        passivePolicy,
      ]) {
        const { sigmaR } = await simulatePolicy(actrModel, policy, options);
        expect(sigmaR, policy.name).toBeLessThanOrEqual(bound);
      }
      // Not a bound that says yes to everything: fewer than every word sent, recalled for sure.
      expect(bound).toBeLessThan(options.days);
    });
  }

  it("solves a word exactly, and bounds it at every budget: brute force over every subset of its days", () => {
    const options = { learners: 2, days: 14, seed: 7, engagement: 0.6 };
    const prices = [
      new Float64Array(options.days),
      Float64Array.from({ length: options.days }, (_, day) => 0.003 * (day % 4)),
      Float64Array.from({ length: options.days }, (_, day) => 0.01 + 0.004 * (day % 5)),
    ];
    for (const learner of [0, 1])
      for (const price of prices)
        for (const word of actrLearnerProblem(options, learner).words) {
          const { memory } = actrLearnerProblem(options, learner);
          let best = -Infinity;
          for (let subset = 0; subset < 1 << word.candidates.length; subset++) {
            const trace = { ...word.trace, days: [...word.trace.days], decays: [...word.trace.decays] };
            let paid = 0;
            word.candidates.forEach((day, index) => {
              if (!(subset & (1 << index))) return;
              memory.practise(trace, day, "read", 0);
              paid += price[day]!;
            });
            best = Math.max(best, memory.recall(trace, options.days) - paid);
          }
          const solution = solveWord(memory, word, price, options.days, EXACT_SEARCH);
          expect(solution.exact).toBe(true);
          expect(solution.value).toBeCloseTo(best, 12);
          expect(solution.achieved).toBeCloseTo(best, 12);
          for (const budget of [0, 1, 3])
            expect(
              solveWord(memory, word, price, options.days, { ...EXACT_SEARCH, budget }).value,
            ).toBeGreaterThanOrEqual(best - 1e-12);
        }
  });

  it("prunes with the model's own arithmetic: the copied constants give the model's decays and recalls", () => {
    const { memory } = actrLearnerProblem({ learners: 1, days: 60, seed: 7, engagement: 1 }, 0);
    const trace = memory.encode(2, 0.7);
    for (const day of [3, 5, 9, 20, 41]) {
      const scale = ACTR_CONSTANTS.c * Math.exp(trace.offset);
      const decay = scale * termSum(trace, day) + ACTR_CONSTANTS.alpha;
      memory.practise(trace, day, "read", 0);
      expect(trace.decays.at(-1)).toBeCloseTo(decay, 12);
      expect(recallOfSum(termSum(trace, 60), trace.offset)).toBeCloseTo(memory.recall(trace, 60), 12);
    }
  });

  it("only tightens as more branches are opened, at the same prices", () => {
    const options = { learners: 1, days: 40, seed: 7, engagement: 0.6 };
    const problem = actrLearnerProblem(options, 0);
    const price = new Float64Array(options.days).fill(0.02);
    const at = (budget: number) => actrDualBound(problem, price, { ...EXACT_SEARCH, budget }).bound;
    expect(at(1)).toBeLessThanOrEqual(at(0));
    expect(at(10)).toBeLessThanOrEqual(at(1));
    expect(at(100)).toBeLessThanOrEqual(at(10));
  });

  it("is below session 35's bound (each word's first review placed exactly) at the same prices", () => {
    // Session 35's figures at a price of 0.02 on every day, learners 0–2 of a 40-day run of seed 7.
    const session35 = new Map([
      [1, [41.2693, 40.0709, 41.476]],
      [0.6, [34.5641, 35.5343, 40.0616]],
    ]);
    for (const [engagement, bounds] of session35)
      bounds.forEach((before, learner) => {
        const problem = actrLearnerProblem({ learners: 3, days: 40, seed: 7, engagement }, learner);
        const price = new Float64Array(40).fill(0.02);
        expect(actrDualBound(problem, price, ACTR_BOUND_DEFAULTS.final).bound).toBeLessThan(before);
      });
  });
});
