// The learners who came before (issue 22): a product that has run for a while holds other learners' review logs, and
// what it fits from them (the pooled FSRS weights) is what a new learner is scheduled with until they have their own.
// The benchmark's learners are simulated one at a time, so without this every one of them starts on FSRS's defaults.
import {
  POOLED_PARAMETERS_MIN_LEARNERS,
  POOLED_PARAMETERS_MIN_REVIEWS,
  POOLED_PARAMETERS_SAMPLE_LEARNERS,
  WORD_ESTIMATES_SAMPLE_LEARNERS,
} from "@shared/constants";
import { UTC_DAY_CLOCK } from "@shared/rules/learning/day-start";
import type { FsrsWeights, WordRecallEstimate } from "@shared/rules/learning/fsrs";
import { WordRecallFit } from "@shared/rules/learning/word-estimates";
import { fitPooledParameters } from "../personal-parameters";
import type { LoggedReview } from "../review-history";
import { defaultPolicy } from "./default-policy";
import { simulatePolicy } from "./harness";
import type { MemoryModel } from "./models";

/** The population's learners are drawn from this index on: other people of the same seed, who meet the same words. */
export const POPULATION_FIRST_LEARNER = 1_000_000;
/** The shares of days the population answers, half of its learners each (the benchmark's two engagements). */
export const POPULATION_ENGAGEMENTS = [1, 0.6] as const;

export interface Population {
  /** Each learner's review log (card = word, grade, time), as the product's review_logs would hold it. */
  logs: LoggedReview[][];
  /** The pooled fit on those logs, as the product's job makes it; null where the job would not run (too few). */
  pooledWeights: FsrsWeights | null;
  /** What those logs say about each word, as the same job fits it (`word_recall_estimates`); empty with no pool. */
  wordEstimates: ReadonlyMap<number, WordRecallEstimate>;
}

/**
 * `learners` other learners of the seed, each over the whole run under the product's loop, half answering every day
 * and half 60% of days; then the pooled fit the product's weekly job would make from their logs (its thresholds and
 * sample: the most recently reviewing learners). They are scheduled on FSRS's defaults throughout, without their own
 * weights: a learner's daily refits cost about ten times the rest of their simulation, and what is kept of them is the
 * log, whose grades are the memory model's whichever weights chose the days.
 */
export async function simulatePopulation(
  model: MemoryModel,
  options: { seed: number; days: number; learners: number },
): Promise<Population> {
  const logs: LoggedReview[][] = [];
  let first = POPULATION_FIRST_LEARNER;
  for (const [index, engagement] of POPULATION_ENGAGEMENTS.entries()) {
    const learners =
      Math.floor(options.learners / POPULATION_ENGAGEMENTS.length) +
      (index < options.learners % POPULATION_ENGAGEMENTS.length ? 1 : 0);
    if (learners === 0) continue;
    const policy = defaultPolicy({ personalParameters: false, logs });
    await simulatePolicy(model, policy, {
      seed: options.seed,
      days: options.days,
      learners,
      engagement,
      firstLearner: first,
    });
    first += learners;
  }
  const reviewing = logs.filter((log) => log.length > 0);
  const reviews = reviewing.reduce((sum, log) => sum + log.length, 0);
  if (reviews < POOLED_PARAMETERS_MIN_REVIEWS || reviewing.length < POOLED_PARAMETERS_MIN_LEARNERS)
    return { logs, pooledWeights: null, wordEstimates: new Map() };
  const lastReview = (log: LoggedReview[]) => Math.max(...log.map((review) => review.reviewedAt.getTime()));
  const byRecency = reviewing
    .map((log, index) => ({ log, index, last: lastReview(log) }))
    .sort((a, b) => b.last - a.last || a.index - b.index)
    .map(({ log }) => log);
  const pooledWeights = await fitPooledParameters(
    byRecency
      .slice(0, POOLED_PARAMETERS_SAMPLE_LEARNERS)
      .map((log) => ({ history: log, clock: UTC_DAY_CLOCK })),
  );
  const words = new WordRecallFit(pooledWeights);
  for (const log of byRecency.slice(0, WORD_ESTIMATES_SAMPLE_LEARNERS)) words.addLearner(log, UTC_DAY_CLOCK);
  return { logs, pooledWeights, wordEstimates: words.estimates() };
}
