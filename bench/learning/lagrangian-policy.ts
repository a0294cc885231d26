// A SCHEDULE NO PRODUCT CAN RUN, a by-product of the exponential learner's upper bound (exponential-upper-bound.ts):
// each word is valued by its own programme at the bound's prices on each day's reviews. On each answered day, from a
// word's true state, a review today (a place under the cap costs nothing) is set against the word's best plan without
// it (no more reviews, or its best later review at the prices); the words for which today is worth more take the
// cap's places, most first. Like the ceiling it sees the learner's true memory (`recallNow`, as the harness gives it;
// the stability follows from the recall and the days since the last practice), and more: from the seed, each word's
// ease and the days the learner will answer. Its ΣR is a schedule's, reached under the cap: how much of the gap
// between the ceiling and the bound a schedule can close.
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
import { PRICE_SEARCH_START } from "./daily-review-prices";

/** Each word its own programme (no grouping by ease), on the search's stability grid. */
export const POLICY_GRID_STEP = 0.05;

/** The point of a group's grid (`POLICY_GRID_STEP` apart) nearest a stability read from the true recall. */
export function nearestGridPoint(group: Group, stability: number): number {
  return Math.min(
    group.size - 1,
    Math.max(0, Math.round(Math.log(stability / group.stabilities[0]!) / POLICY_GRID_STEP)),
  );
}

/** The day of each send, counted from the first send (the harness sends once a day). */
export function sendDays(): (now: Date) => number {
  let firstSend: number | null = null;
  return (now) => {
    firstSend ??= now.getTime();
    return Math.round((now.getTime() - firstSend) / DAY_MS);
  };
}

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
      const search = learnerProblem(options, learner, bound.search);
      const { price } = minimiseDual(search, bound.dualSteps, PRICE_SEARCH_START);
      const problem = learnerProblem(options, learner, { gridStep: POLICY_GRID_STEP, easeBinWidth: 0 });
      const byWord = new Map<number, { group: Group; solution: GroupSolution }>();
      for (const group of problem.groups)
        if (!group.trivial)
          byWord.set(group.words[0]!.introduced, { group, solution: solveGroup(problem, group, price) });
      /** The day of each word's last practice (its reading, or an answered review); absent: never read. */
      const lastPractice = new Map<number, number>();
      let introduced = 0;
      const dayOf = sendDays();
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
              // Never read: a review today is its first reading; worth it if no later first reading is worth more.
              const later = firstReviewOf(problem, group, solution, day, price);
              const worth = solution.value[day * width]! - later.value;
              if (worth > 0) wanted.push({ word, worth });
              continue;
            }
            const recall = recallNow(word);
            if (recall <= 0 || recall >= 1) continue;
            const stability = -(day - last) / Math.log(recall);
            const index = nearestGridPoint(group, stability);
            // A review today (free: a place left under the cap costs nothing) against the word's best plan without
            // it: no more reviews, or its best later review day at the prices.
            const reviewOn = (later: number) => {
              const cell = index * problem.days + (later - last);
              const success = later === day ? recall : group.recallAfter[cell]!;
              return (
                success * solution.value[later * width + group.successAt[cell]!]! +
                (1 - success) * solution.value[later * width + group.failureAt[index]!]!
              );
            };
            let wait = Math.exp(-(problem.days - last) / stability);
            for (let later = day + 1; later < problem.days; later++)
              if (problem.answered[later]) wait = Math.max(wait, reviewOn(later) - price[later]!);
            const worth = reviewOn(day) - wait;
            if (worth > 0) wanted.push({ word, worth });
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
