import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/server/features/learning/simulation/default-policy";
import { passivePolicy, simulatePolicy } from "../../src/server/features/learning/simulation/harness";
import { exponentialModel } from "../../src/server/features/learning/simulation/models";
import { ceilingPolicy } from "./ceiling-policy";
import { dualBound, exponentialUpperBound, learnerProblem, minimiseDual } from "./exponential-upper-bound";
import { lagrangianPolicy } from "./lagrangian-policy";

const LEARNERS = 3;
/** Coarse cuts keep the test fast; every cut gives a valid bound, only a looser one. */
const COARSE = {
  search: { gridStep: 0.1, easeBinWidth: 0.2 },
  final: { gridStep: 0.05, easeBinWidth: 0.1 },
  dualSteps: 15,
};

describe("the upper bound on an exponential learner's ΣR", () => {
  for (const engagement of [1, 0.6]) {
    it(`is above what the product, the ceiling, the passive word and the schedule at its prices reach (${engagement * 100}% of days answered)`, async () => {
      const options = { learners: LEARNERS, days: 60, seed: 7, engagement };
      const bound = exponentialUpperBound(options, LEARNERS, COARSE);
      const policies = [
        defaultPolicy({ personalParameters: false }),
        ceilingPolicy(0.9, "highest recall first"),
        ceilingPolicy(0.7, "lowest recall first"),
        passivePolicy,
        lagrangianPolicy(options, COARSE),
      ];
      // The bound is on the expected ΣR; each schedule's figure here is one draw of the learners' outcomes (fixed by
      // the seed), below the bound by 0.7 words or more on these learners.
      for (const policy of policies) {
        const { sigmaR } = await simulatePolicy(exponentialModel, policy, options);
        expect(sigmaR, policy.name).toBeLessThanOrEqual(bound);
      }
      // The schedule at the bound's prices keeps the cap, and beats the passive word.
      const atPrices = await simulatePolicy(exponentialModel, lagrangianPolicy(options, COARSE), options);
      expect(atPrices.reviewItemsPerDayP95).toBeLessThanOrEqual(10);
      expect(atPrices.sigmaR).toBeGreaterThan(
        (await simulatePolicy(exponentialModel, passivePolicy, options)).sigmaR,
      );
      // Not a bound that says yes to everything: fewer than every word sent, recalled for sure.
      expect(bound).toBeLessThan(options.days);
    });
  }

  it("only tightens as the stability grid is refined, at the same prices (every stability is rounded up)", () => {
    const options = { learners: 1, days: 60, seed: 7, engagement: 0.6 };
    const { bound, price } = minimiseDual(learnerProblem(options, 0, COARSE.search), COARSE.dualSteps);
    const on = (gridStep: number) =>
      dualBound(learnerProblem(options, 0, { ...COARSE.search, gridStep }), price).bound;
    // Each grid holds the coarser one's points, and the value is nondecreasing in stability.
    expect(on(0.05)).toBeLessThanOrEqual(bound);
    expect(on(0.025)).toBeLessThanOrEqual(on(0.05));
  });
});
