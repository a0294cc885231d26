// A SCHEDULE THAT SEES RECALL BUT NOT THE FUTURE, a by-product of the blind bound (exponential-blind-bound.ts): each
// word is valued by its own blind programme at the bound's prices on each day's placements. Every day (it does not
// know whether the learner will answer), from each word's true state, placing the word today is set against waiting:
// today's placement is answered with probability p (a success with the true recall, or a failure), else the word
// waits on; a place under the cap costs nothing. The words for which placing is worth most take the cap's places.
// Like the ceiling it sees the learner's true memory (`recallNow`; a word at recall 0 was never read, else the
// stability follows from the recall and the days since the last practice) and each word's ease and prior knowledge
// (from the seed), but not which days the learner will answer or read. Its ΣR is what such a schedule reaches under
// the cap, beside the clairvoyant lagrangian-policy.ts.
import { DAILY_REVIEW_CAP_DEFAULT } from "@shared/constants";
import type { BenchOptions, LoopPolicy } from "../../src/server/features/learning/simulation/harness";
import {
  BLIND_BOUND_DEFAULTS,
  blindProblem,
  blindPricesOf,
  solveBlindGroup,
  waitValue,
  type BlindSolution,
} from "./exponential-blind-bound";
import type { ExponentialBoundOptions, Group } from "./exponential-upper-bound";
import { nearestGridPoint, POLICY_GRID_STEP, sendDays } from "./lagrangian-policy";

/**
 * The schedule for learners of `options` (each call of `learner` is the next learner, from 0), at the prices the
 * blind bound's search finds (`pricesOf`: the bound's own, when it has searched them already).
 */
export function blindLagrangianPolicy(
  options: BenchOptions,
  bound: ExponentialBoundOptions = BLIND_BOUND_DEFAULTS,
  pricesOf: (learner: number) => Float64Array = (learner) => blindPricesOf(options, learner, bound),
): LoopPolicy {
  let learners = 0;
  return {
    name: "ceiling",
    reviewShowsDefinition: false,
    learner(recallNow) {
      const learner = learners++;
      const price = pricesOf(learner);
      const problem = blindProblem(options, learner, { gridStep: POLICY_GRID_STEP, easeBinWidth: 0 });
      const p = problem.answered;
      const byWord = new Map<number, { group: Group; solution: BlindSolution }>();
      for (const group of problem.groups)
        if (!group.trivial)
          byWord.set(group.words[0]!.introduced, {
            group,
            solution: solveBlindGroup(problem, group, price, null),
          });
      /** The day of each word's last practice, if read: its introduction, or its last answered review. */
      const lastPractice = new Map<number, number>();
      let introduced = 0;
      const dayOf = sendDays();
      return {
        plan(now) {
          const day = dayOf(now);
          const wanted: { word: number; worth: number }[] = [];
          for (let word = 0; word < introduced; word++) {
            const own = byWord.get(word);
            if (!own) continue;
            const { group, solution } = own;
            const { practised, unread } = solution;
            const width = group.size + 1;
            const recall = recallNow(word);
            const last = lastPractice.get(word);
            if (recall <= 0 || last === undefined) {
              // Never read: placed and answered, its review fails and is its first reading.
              const worth = p * (practised[day * width]! - unread[day]!);
              if (worth > 0) wanted.push({ word, worth });
              continue;
            }
            if (recall >= 1) continue;
            const index = nearestGridPoint(group, -(day - last) / Math.log(recall));
            // Placing today (free under the cap) against waiting on at the prices: only an answered day differs.
            const wait = waitValue(problem, group, practised, price, index, last, day);
            const cell = index * problem.days + (day - last);
            const answered =
              recall * practised[day * width + group.successAt[cell]!]! +
              (1 - recall) * practised[day * width + group.failureAt[index]!]!;
            const worth = p * (answered - wait);
            if (worth > 0) wanted.push({ word, worth });
          }
          wanted.sort((a, b) => b.worth - a.worth);
          return { reviews: wanted.slice(0, DAILY_REVIEW_CAP_DEFAULT).map(({ word }) => word), newWords: 1 };
        },
        introduce(word, now) {
          introduced = Math.max(introduced, word + 1);
          // Read or not, the schedule does not know: a word still at recall 0 was not.
          lastPractice.set(word, dayOf(now));
        },
        answer(word, answer, now) {
          if (answer !== "knew_already") lastPractice.set(word, dayOf(now));
        },
        unanswered() {},
      };
    },
  };
}
