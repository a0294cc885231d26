// A SCHEDULE NO PRODUCT CAN RUN, a by-product of the exponential learner's upper bound (exponential-upper-bound.ts):
// each word follows its own optimal policy under the bound's prices on each day's reviews, and the cap is then kept
// by taking, on a day more than the cap of words want a review, those whose review today is worth most. Like the
// ceiling it sees the learner's true memory: the recall of each word now (`recallNow`, as the harness gives it) and,
// from the seed, the learner's words' ease and the days they will answer. So its ΣR is a schedule's, reached under
// the cap, and says how much of the gap between the ceiling and the bound a schedule can close.
import { DAILY_REVIEW_CAP_DEFAULT, DAY_MS } from "@shared/constants";
import type { BenchOptions, LoopPolicy } from "../../src/server/features/learning/simulation/harness";
import {
  EXPONENTIAL_BOUND_DEFAULTS,
  firstReviewOf,
  learnerProblem,
  minimiseDual,
  solveGroup,
  type ExponentialBoundOptions,
  type Group,
  type GroupSolution,
} from "./exponential-upper-bound";

/** Each word its own programme (no grouping by ease), on the search's stability grid. */
const POLICY_GRID_STEP = 0.05;

/**
 * The schedule for learners of `options` (the same run the harness simulates: each call of `learner` is the next
 * learner, from 0), at the prices the bound's search finds.
 */
export function lagrangianPolicy(
  options: BenchOptions,
  bound: ExponentialBoundOptions = EXPONENTIAL_BOUND_DEFAULTS,
): LoopPolicy {
  let learners = 0;
  return {
    name: "ceiling",
    reviewShowsDefinition: false,
    learner(recallNow) {
      const learner = learners++;
      const { price } = minimiseDual(learnerProblem(options, learner, bound.search), bound.dualSteps);
      const problem = learnerProblem(options, learner, { gridStep: POLICY_GRID_STEP, easeBinWidth: 0 });
      const byWord = new Map<number, { group: Group; solution: GroupSolution }>();
      for (const group of problem.groups)
        if (!group.trivial)
          byWord.set(group.words[0]!.introduced, { group, solution: solveGroup(problem, group, price) });
      /** The day of each word's last practice (its reading, or an answered review); absent: never read. */
      const lastPractice = new Map<number, number>();
      let firstSend: number | null = null;
      let introduced = 0;
      const dayOf = (now: Date) => {
        firstSend ??= now.getTime();
        return Math.round((now.getTime() - firstSend) / DAY_MS);
      };
      return {
        plan(now) {
          const day = dayOf(now);
          if (!problem.answered[day]) return { reviews: [], newWords: 1 };
          const wanted: { word: number; worth: number }[] = [];
          for (let word = 0; word < introduced; word++) {
            const own = byWord.get(word);
            if (!own) continue;
            const { group, solution } = own;
            const width = group.size + 1;
            const last = lastPractice.get(word);
            if (last === undefined) {
              const first = firstReviewOf(problem, group, solution, word, price);
              if (first.day >= 0 && first.day <= day)
                wanted.push({ word, worth: solution.value[day * width]! });
              continue;
            }
            const recall = recallNow(word);
            if (recall <= 0 || recall >= 1) continue;
            const age = day - last;
            const stability = -age / Math.log(recall);
            const index = Math.min(
              group.size - 1,
              Math.max(0, Math.round(Math.log(stability / group.stabilities[0]!) / POLICY_GRID_STEP)),
            );
            const planned = solution.next[last * group.size + index]!;
            if (planned < 0 || planned > day) continue;
            // What a review today adds over never reviewing the word again, by the word's own programme.
            const cell = index * problem.days + age;
            const reviewed =
              recall * solution.value[day * width + group.successAt[cell]!]! +
              (1 - recall) * solution.value[day * width + group.failureAt[index]!]!;
            wanted.push({ word, worth: reviewed - Math.exp(-(problem.days - last) / stability) });
          }
          wanted.sort((a, b) => b.worth - a.worth);
          return { reviews: wanted.slice(0, DAILY_REVIEW_CAP_DEFAULT).map(({ word }) => word), newWords: 1 };
        },
        introduce(word, now) {
          const day = dayOf(now);
          introduced = Math.max(introduced, word + 1);
          const own = byWord.get(word);
          if (own?.group.words[0]!.read) lastPractice.set(word, day);
        },
        answer(word, answer, now) {
          if (answer !== "knew_already") lastPractice.set(word, dayOf(now));
        },
        unanswered() {},
      };
    },
  };
}
