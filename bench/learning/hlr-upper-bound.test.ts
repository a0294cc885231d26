import { describe, expect, it } from "vitest";
import { defaultPolicy } from "../../src/server/features/learning/simulation/default-policy";
import { passivePolicy, simulatePolicy } from "../../src/server/features/learning/simulation/harness";
import { hlrModel } from "../../src/server/features/learning/simulation/models";
import { ceilingPolicy } from "./ceiling-policy";
import { hlrUpperBound } from "./hlr-upper-bound";
import { issue16Policy } from "./issue16-policy";

const LEARNERS = 3;

describe("the upper bound on a half-life-regression learner's ΣR", () => {
  for (const engagement of [1, 0.6]) {
    it(`is above what every schedule reaches (${engagement * 100}% of days answered)`, async () => {
      const options = { learners: LEARNERS, days: 60, seed: 7, engagement };
      const askFirst = hlrUpperBound(options, LEARNERS, { rereads: false });
      const any = hlrUpperBound(options, LEARNERS, { rereads: true });
      const askingFirst = [
        defaultPolicy({ personalParameters: false }),
        ceilingPolicy(0.9, "highest recall first"),
        passivePolicy,
      ];
      for (const policy of askingFirst) {
        const { sigmaR } = await simulatePolicy(hlrModel, policy, options);
        expect(sigmaR, policy.name).toBeLessThanOrEqual(askFirst);
      }
      // Issue 16's loop shows the definition beside its buttons: only the bound that allows re-reads holds it.
      expect((await simulatePolicy(hlrModel, issue16Policy, options)).sigmaR).toBeLessThanOrEqual(any);
      expect(any).toBeGreaterThanOrEqual(askFirst);
      // Not a bound that says yes to everything: fewer than every word sent, recalled for sure.
      expect(any).toBeLessThan(options.days);
    });
  }
});
