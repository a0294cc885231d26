// A SCHEDULE NO PRODUCT CAN RUN, a by-product of the half-life-regression bound that counts outcomes
// (hlr-outcome-bound.ts): each word follows its own programme at the bound's prices. On each answered day, from the
// word's state (right and wrong counts and last practice, known from the learner's answers, since a review that asks
// first is answered truthfully), a review today (a place under the cap costs nothing) is set against the word's best
// plan without it (no more reviews, or its best later review at the prices); the words for which today is worth more
// take the cap's places, most first. It does not read true recall, but it knows from the seed what no product knows:
// each word's base (the learner's ability and the word's difficulty), which words the learner knows, and the days the
// learner will answer. Its ΣR is a schedule's, reached under the cap: how close the bound is to what can be done.
import { DAILY_REVIEW_CAP_DEFAULT, DAY_MS } from "@shared/constants";
import type { BenchOptions, LoopPolicy } from "../../src/server/features/learning/simulation/harness";
import {
  firstReviewOf,
  HLR_OUTCOME_BOUND_DEFAULTS,
  hlrGroupOf,
  hlrLearnerProblem,
  minimiseHlrDual,
  solveHlrGroup,
  type HlrGroup,
  type HlrGroupSolution,
  type HlrOutcomeBoundOptions,
} from "./hlr-outcome-bound";

/** A word's counts since its first reading, as the model keeps them. */
interface Counts {
  right: number;
  wrong: number;
  lastDay: number;
}

/**
 * The schedule for learners of `options` (the same run the harness simulates: each call of `learner` is the next
 * learner, from 0), at the prices the bound's search finds, each word on the bound's final cut.
 */
export function hlrLagrangianPolicy(
  options: BenchOptions,
  bound: HlrOutcomeBoundOptions = HLR_OUTCOME_BOUND_DEFAULTS,
): LoopPolicy {
  let learners = 0;
  return {
    name: "ceiling",
    reviewShowsDefinition: false,
    learner() {
      const problem = hlrLearnerProblem(options, learners++);
      const { days, answered } = problem;
      const { price } = minimiseHlrDual(problem, bound.search, bound.dualSteps, bound.startPrice);
      const { rightCap, wrongCap } = bound.final;
      const wrongs = wrongCap + 1;
      const plans = new Map<number, { group: HlrGroup; solution: HlrGroupSolution }>();
      for (const word of problem.words) {
        const group = hlrGroupOf(problem, word.base, [word], bound.final);
        plans.set(word.introduced, { group, solution: solveHlrGroup(problem, group, bound.final, price) });
      }
      /** Absent: a word never read (its first review is its first reading). */
      const counts = new Map<number, Counts>();
      let firstSend: number | null = null;
      let introduced = 0;
      const dayOf = (now: Date) => {
        firstSend ??= now.getTime();
        return Math.round((now.getTime() - firstSend) / DAY_MS);
      };
      /** What a word with counts `at` is worth after a review on `day`, before that day's price. */
      const reviewOn = (own: { group: HlrGroup; solution: HlrGroupSolution }, at: Counts, day: number) => {
        const state = at.right * wrongs + Math.min(at.wrong, wrongCap);
        const p = own.group.recall[state * (days + 1) + day - at.lastDay]!;
        const success = at.right + 1 < rightCap ? own.solution.value[(state + wrongs) * days + day]! : 1;
        const failure =
          own.solution.value[(at.right * wrongs + Math.min(at.wrong + 1, wrongCap)) * days + day]!;
        return p * success + (1 - p) * failure;
      };
      return {
        plan(now) {
          const day = dayOf(now);
          if (!answered[day]) return { reviews: [], newWords: 1 };
          const wanted: { word: number; worth: number }[] = [];
          for (const [word, own] of plans) {
            if (word >= introduced) continue;
            const at = counts.get(word);
            if (!at) {
              // Never read: a review today is its first reading; worth it if no later first reading is worth more.
              const later = firstReviewOf(problem, own.solution, day, price);
              const worth = own.solution.value[day]! - later.value;
              if (worth > 0) wanted.push({ word, worth });
              continue;
            }
            // Past the cut's right count the bound counts the word as recalled for sure: nothing left to gain.
            if (at.right >= rightCap) continue;
            const state = at.right * wrongs + Math.min(at.wrong, wrongCap);
            let wait = own.group.recall[state * (days + 1) + days - at.lastDay]!;
            for (let later = day + 1; later < days; later++)
              if (answered[later]) wait = Math.max(wait, reviewOn(own, at, later) - price[later]!);
            const worth = reviewOn(own, at, day) - wait;
            if (worth > 0) wanted.push({ word, worth });
          }
          wanted.sort((a, b) => b.worth - a.worth);
          return { reviews: wanted.slice(0, DAILY_REVIEW_CAP_DEFAULT).map(({ word }) => word), newWords: 1 };
        },
        introduce(word, now) {
          introduced = Math.max(introduced, word + 1);
          const own = plans.get(word);
          if (own?.group.words[0]!.read) counts.set(word, { right: 0, wrong: 0, lastDay: dayOf(now) });
        },
        answer(word, answer, now) {
          if (answer === "knew_already") return;
          const day = dayOf(now);
          const at = counts.get(word);
          // A word never read fails its first ask and is then read: the model encodes it afresh.
          if (!at) counts.set(word, { right: 0, wrong: 0, lastDay: day });
          else if (answer === "remember") Object.assign(at, { right: at.right + 1, lastDay: day });
          else Object.assign(at, { wrong: at.wrong + 1, lastDay: day });
        },
        unanswered() {},
      };
    },
  };
}
