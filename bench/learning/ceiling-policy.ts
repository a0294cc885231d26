// A CEILING, NOT PRODUCT CODE: what a scheduler could reach if it saw the learner's true memory, under the same daily
// cap as the product. Each send reviews the words whose true recall has fallen below a threshold (at most the cap,
// the highest recall first or the lowest first), with one new word a send as the product does. No scheduler can see
// a learner's memory; this one does (`recallNow`, which the harness gives every policy and only this one reads), so
// its ΣR says what is within reach of the cap on each memory model. It is the best of a small grid of thresholds and
// orders, not a proven optimum: a target above it is out of reach of any of these schedules, not of every schedule.
import { DAILY_REVIEW_CAP_DEFAULT } from "@shared/constants";
import type { LoopPolicy } from "../../src/server/features/learning/simulation/harness";

/** The thresholds and orders tried; the bench reports the best per model and engagement. */
export const CEILING_THRESHOLDS = [0.7, 0.8, 0.9, 0.95] as const;
export const CEILING_ORDERS = ["highest recall first", "lowest recall first"] as const;
export type CeilingOrder = (typeof CEILING_ORDERS)[number];

export function ceilingPolicy(threshold: number, order: CeilingOrder): LoopPolicy {
  return {
    name: "ceiling",
    reviewShowsDefinition: false,
    learner(recallNow) {
      let introduced = 0;
      /** The day each word last went out: like the product, a word goes out at most once a day. */
      const sentOnDay: number[] = [];
      let today = -1;
      return {
        plan(now) {
          today = Math.floor(now.getTime() / 86_400_000);
          const fading: { word: number; recall: number }[] = [];
          for (let word = 0; word < introduced; word++) {
            if (sentOnDay[word] === today) continue;
            const recall = recallNow(word);
            if (recall < threshold) fading.push({ word, recall });
          }
          fading.sort((a, b) =>
            order === "highest recall first" ? b.recall - a.recall : a.recall - b.recall,
          );
          const reviews = fading.slice(0, DAILY_REVIEW_CAP_DEFAULT).map(({ word }) => word);
          for (const word of reviews) sentOnDay[word] = today;
          return { reviews, newWords: 1 };
        },
        introduce(word) {
          introduced = Math.max(introduced, word + 1);
          sentOnDay[word] = today;
        },
        answer() {},
        unanswered() {},
      };
    },
  };
}
