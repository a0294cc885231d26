import { describe, expect, it } from "vitest";
import { seededRandom } from "@shared/rules/random";
import { defaultPolicy } from "../../src/server/features/learning/simulation/default-policy";
import {
  passivePolicy,
  READ_WITHOUT_ANSWER,
  simulatePolicy,
} from "../../src/server/features/learning/simulation/harness";
import { exponentialModel } from "../../src/server/features/learning/simulation/models";
import { blindLagrangianPolicy } from "./blind-lagrangian-policy";
import { ceilingPolicy } from "./ceiling-policy";
import {
  blindDualBound,
  blindProblem,
  exponentialBlindBound,
  minimiseBlindDual,
} from "./exponential-blind-bound";
import { dualBound, learnerProblem, minimiseDual, type LearnerProblem } from "./exponential-upper-bound";

/** Coarse cuts keep the test fast; every cut gives a valid bound, only a looser one. */
const COARSE = {
  search: { gridStep: 0.1, easeBinWidth: 0.2 },
  final: { gridStep: 0.05, easeBinWidth: 0.1 },
  dualSteps: 15,
};

describe("the upper bound on an exponential learner's ΣR for schedules that do not know the answered days", () => {
  it("is the clairvoyant bound when every day is answered (nothing to know in advance)", () => {
    const options = { learners: 2, days: 60, seed: 7, engagement: 1 };
    for (const learner of [0, 1]) {
      const clairvoyant = learnerProblem(options, learner, COARSE.search);
      const blind = blindProblem(options, learner, COARSE.search);
      const { bound, price } = minimiseDual(clairvoyant, COARSE.dualSteps);
      // The same programme at the same prices: equal to the last bit.
      expect(blindDualBound(blind, price).bound).toBe(dualBound(clairvoyant, price).bound);
      expect(minimiseBlindDual(blind, COARSE.dualSteps).bound).toBeCloseTo(bound, 6);
    }
  });

  it("is at most the clairvoyant bound on average over the answered days, at the same prices (60% answered)", () => {
    // A blind placement at price μ_d is, to a schedule that knows the days, a review at μ_d / p on an answered day,
    // and the cap's prices add up to the same on average: blind(μ) ≤ E_days[clairvoyant(μ / p)]. Not for each draw of
    // the days (a learner who happens to answer few days has a lower clairvoyant bound than the average), so the
    // clairvoyant bound is averaged over days drawn as the harness draws them.
    const p = 0.6;
    const options = { learners: 1, days: 40, seed: 7, engagement: p };
    const clairvoyant = learnerProblem(options, 0, COARSE.search);
    const blind = blindProblem(options, 0, COARSE.search);
    const { price } = minimiseBlindDual(blind, COARSE.dualSteps);
    const atKnownDays = price.map((value) => value / p);
    const random = seededRandom(2026);
    const draws: number[] = [];
    for (let draw = 0; draw < 600; draw++) {
      const answered = Array.from({ length: options.days }, () => random() < p);
      const read = answered.map((isAnswered) => isAnswered || random() < READ_WITHOUT_ANSWER);
      const drawn: LearnerProblem = {
        ...clairvoyant,
        answered,
        groups: clairvoyant.groups.map((group) => ({
          ...group,
          words: group.words.map((word) => ({ ...word, read: read[word.introduced]! })),
        })),
      };
      draws.push(dualBound(drawn, atKnownDays).bound);
    }
    const mean = draws.reduce((sum, value) => sum + value, 0) / draws.length;
    const variance = draws.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (draws.length - 1);
    // Four standard errors of the sampled mean above it (about 0.3 words here).
    expect(blindDualBound(blind, price).bound).toBeLessThanOrEqual(
      mean + 4 * Math.sqrt(variance / draws.length),
    );
  });

  it("is above what the product, the ceiling, the passive word and the schedule at its prices reach (60% answered)", async () => {
    const learners = 8;
    const options = { learners, days: 60, seed: 7, engagement: 0.6 };
    const bound = exponentialBlindBound(options, learners, COARSE);
    for (const policy of [
      defaultPolicy({ personalParameters: false }),
      ceilingPolicy(0.9, "highest recall first"),
      ceilingPolicy(0.7, "lowest recall first"),
      passivePolicy,
      blindLagrangianPolicy(options, COARSE),
    ]) {
      // The bound is on the mean over the learners' days and outcomes; each schedule's figure is one draw of them
      // (2 words or more below the bound on these learners).
      const { sigmaR } = await simulatePolicy(exponentialModel, policy, options);
      expect(sigmaR, policy.name).toBeLessThanOrEqual(bound);
    }
    // The schedule at the prices keeps the cap and beats the product's default weights here.
    const atPrices = await simulatePolicy(exponentialModel, blindLagrangianPolicy(options, COARSE), options);
    expect(atPrices.reviewItemsPerDayP95).toBeLessThanOrEqual(10);
    expect(atPrices.sigmaR).toBeGreaterThan(
      (await simulatePolicy(exponentialModel, defaultPolicy({ personalParameters: false }), options)).sigmaR,
    );
    expect(bound).toBeLessThan(options.days);
  });

  it("only tightens as the stability grid is refined, at the same prices (every stability is rounded up)", () => {
    const options = { learners: 1, days: 60, seed: 7, engagement: 0.6 };
    const { bound, price } = minimiseBlindDual(blindProblem(options, 0, COARSE.search), COARSE.dualSteps);
    const on = (gridStep: number) =>
      blindDualBound(blindProblem(options, 0, { ...COARSE.search, gridStep }), price, false).bound;
    expect(on(0.05)).toBeLessThanOrEqual(bound);
    expect(on(0.025)).toBeLessThanOrEqual(on(0.05));
  });
});
