// What all learners' answers say about each word (issue 22, decision 004): refitted weekly by the personal-parameters
// job from the most recent reviewers' logs, read by the dispatcher's valuation of its review candidates.
import { desc, max } from "drizzle-orm";
import {
  DAY_MS,
  POOLED_PARAMETERS_MIN_LEARNERS,
  POOLED_PARAMETERS_MIN_REVIEWS,
  WORD_ESTIMATES_REFIT_DAYS,
  WORD_ESTIMATES_SAMPLE_LEARNERS,
} from "@shared/constants";
import { WordRecallFit } from "@shared/rules/learning/word-estimates";
import type { AppContext } from "@server/context";
import { pooledFsrsParameters, wordRecallEstimates } from "@server/db/schema";
import { enoughToPool, historyForFit, recentReviewers } from "./review-history";

/** Rows a statement inserts: well under PostgreSQL's 65,535 parameters at six a row. */
const INSERT_CHUNK = 1_000;

/**
 * Once the logs hold enough to pool (the pooled weights' thresholds), at most every WORD_ESTIMATES_REFIT_DAYS: each
 * word's estimate from the logs of the WORD_ESTIMATES_SAMPLE_LEARNERS most recent reviewers, replayed under the newest
 * pooled weights (FSRS's where none), replacing the last fit whole in one transaction. Null when it did not run.
 */
export async function refitWordRecallEstimates(
  ctx: AppContext,
  minimum = { reviews: POOLED_PARAMETERS_MIN_REVIEWS, learners: POOLED_PARAMETERS_MIN_LEARNERS },
): Promise<{ words: number; learners: number } | null> {
  const now = ctx.clock.now();
  const [latest] = await ctx.db
    .select({ fittedAt: max(wordRecallEstimates.fittedAt) })
    .from(wordRecallEstimates);
  if (latest?.fittedAt && latest.fittedAt.getTime() > now.getTime() - WORD_ESTIMATES_REFIT_DAYS * DAY_MS)
    return null;
  if (!(await enoughToPool(ctx, minimum))) return null;
  const [pooled] = await ctx.db
    .select({ weights: pooledFsrsParameters.weights })
    .from(pooledFsrsParameters)
    .orderBy(desc(pooledFsrsParameters.fittedAt))
    .limit(1);
  const fit = new WordRecallFit(pooled?.weights ?? null);
  const sample = await recentReviewers(ctx, WORD_ESTIMATES_SAMPLE_LEARNERS);
  for (const user of sample) fit.addLearner((await historyForFit(ctx, user.id)).history, user.clock);
  const rows = [...fit.estimates()].map(([wordId, estimate]) => ({ wordId, ...estimate, fittedAt: now }));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(wordRecallEstimates);
    for (let start = 0; start < rows.length; start += INSERT_CHUNK)
      await tx.insert(wordRecallEstimates).values(rows.slice(start, start + INSERT_CHUNK));
  });
  return { words: rows.length, learners: sample.length };
}
