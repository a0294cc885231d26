import { and, asc, desc, eq, gt, gte, isNull, lte, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import {
  DAY_MS,
  MINUTE_MS,
  PERSONAL_PARAMETERS_MIN_REVIEWS,
  PERSONAL_PARAMETERS_REFIT_DAYS,
  POOLED_PARAMETERS_MIN_LEARNERS,
  POOLED_PARAMETERS_MIN_REVIEWS,
  POOLED_PARAMETERS_REFIT_DAYS,
  POOLED_PARAMETERS_SAMPLE_LEARNERS,
} from "@shared/constants";
import type { Preferences } from "@shared/api/preferences";
import type { FsrsWeights } from "@shared/rules/learning/fsrs";
import type { AppContext } from "@server/context";
import type { Transaction } from "@server/db/raw";
import type { Database } from "@server/db/client";
import { pooledFsrsParameters, users } from "@server/db/schema";
import type { JobControl, JobDefinition } from "@server/platform/jobs/job-loop";
import { userDayClock } from "./cards";
import { fitPersonalParameters, fitPooledParameters } from "./personal-parameters";
import { enoughToPool, historyForFit, recentReviewers } from "./review-history";
import { refitWordRecallEstimates } from "./word-estimates-job";

/**
 * Learners fitted per run. A fit is 5-50 ms of the optimiser's CPU (64 to 3,200 reviews; see
 * OPTIMISER_PROGRESS_POLL_MS for the half second of waiting each took until session 38) on libuv's thread pool (four
 * threads, shared with the file system and DNS), so a run fits PERSONAL_PARAMETERS_CONCURRENT_FITS learners at a
 * time, leaving the pool half free: 240 a run in a few seconds, and at one run every PERSONAL_PARAMETERS_RUN_MS about
 * 160,000 fits a week (24 a run until session 38, 3 until session 37).
 */
export const PERSONAL_PARAMETERS_BATCH = 240;
export const PERSONAL_PARAMETERS_CONCURRENT_FITS = 2;
export const PERSONAL_PARAMETERS_RUN_MS = 15 * MINUTE_MS;

/**
 * The refit (issue 22): learners with PERSONAL_PARAMETERS_MIN_REVIEWS reviews and no fit yet, or whose log has grown
 * since a fit at least PERSONAL_PARAMETERS_REFIT_DAYS old; oldest fit first, a batch at a time. A fit that finds too
 * little to learn from keeps what the learner had and still counts as a fit (its date and review count), so it is not
 * retried every run. The learners due are found from the users' own columns (their log's count, kept by its
 * triggers): one pass over the users a run, whatever the logs hold.
 */
export async function refitPersonalParameters(
  ctx: AppContext,
  control: JobControl = { shouldStop: () => false },
): Promise<{ fitted: number; unchanged: number }> {
  const now = ctx.clock.now();
  const fittedBefore = new Date(now.getTime() - PERSONAL_PARAMETERS_REFIT_DAYS * DAY_MS);
  const due = await ctx.db
    .select({ id: users.id, timeZone: users.timeZone, dayStartsAtHour: users.dayStartsAtHour })
    .from(users)
    .where(
      and(
        gte(users.reviewCount, PERSONAL_PARAMETERS_MIN_REVIEWS),
        or(
          isNull(users.fsrsWeightsFittedAt),
          and(lte(users.fsrsWeightsFittedAt, fittedBefore), gt(users.reviewCount, users.fsrsWeightsReviews)),
        ),
      ),
    )
    .orderBy(sql`${users.fsrsWeightsFittedAt} asc nulls first`, asc(users.id))
    .limit(PERSONAL_PARAMETERS_BATCH);
  const report = { fitted: 0, unchanged: 0 };
  let next = 0;
  const fitInTurn = async () => {
    while (next < due.length && !control.shouldStop()) {
      const user = due[next++]!;
      const { history, reviews } = await historyForFit(ctx, user.id);
      const weights = await fitPersonalParameters(history, userDayClock(user));
      await ctx.db
        .update(users)
        .set({
          fsrsWeightsFittedAt: now,
          fsrsWeightsReviews: reviews,
          ...(weights ? { fsrsWeights: [...weights] } : {}),
        })
        .where(eq(users.id, user.id));
      report[weights ? "fitted" : "unchanged"] += 1;
    }
  };
  await Promise.all(Array.from({ length: PERSONAL_PARAMETERS_CONCURRENT_FITS }, fitInTurn));
  return report;
}

/**
 * The pooled fit (issue 22): once the logs hold POOLED_PARAMETERS_MIN_REVIEWS reviews from
 * POOLED_PARAMETERS_MIN_LEARNERS learners, weekly, FSRS's weights fitted on the histories of the most recently
 * reviewing learners together become the default of every learner without their own. Null when it did not run.
 */
export async function refitPooledParameters(
  ctx: AppContext,
  minimum = { reviews: POOLED_PARAMETERS_MIN_REVIEWS, learners: POOLED_PARAMETERS_MIN_LEARNERS },
): Promise<{ reviews: number; learners: number } | null> {
  const now = ctx.clock.now();
  const [latest] = await ctx.db
    .select({ fittedAt: pooledFsrsParameters.fittedAt })
    .from(pooledFsrsParameters)
    .orderBy(desc(pooledFsrsParameters.fittedAt))
    .limit(1);
  if (latest && latest.fittedAt.getTime() > now.getTime() - POOLED_PARAMETERS_REFIT_DAYS * DAY_MS)
    return null;
  if (!(await enoughToPool(ctx, minimum))) return null;
  const sample = await recentReviewers(ctx, POOLED_PARAMETERS_SAMPLE_LEARNERS);
  const histories = [];
  let reviews = 0;
  for (const user of sample) {
    const learner = await historyForFit(ctx, user.id);
    histories.push({ history: learner.history, clock: user.clock });
    reviews += learner.reviews;
  }
  const weights = await fitPooledParameters(histories);
  if (!weights) return null;
  await ctx.db
    .insert(pooledFsrsParameters)
    .values({ weights: [...weights], reviews, learners: sample.length, fittedAt: now });
  return { reviews, learners: sample.length };
}

/**
 * The weights a learner is scheduled with, as a column of a query over users: their own, else the newest pooled fit,
 * else (null) FSRS's. Grading and the dispatcher's valuation read them through this one expression.
 */
export function schedulingWeightsSql(ownWeights: SQLWrapper): SQL<FsrsWeights | null> {
  return sql`coalesce(${ownWeights}, (select p.weights from ${pooledFsrsParameters} p order by p.fitted_at desc limit 1))`;
}

/** The weights a learner's grades are scheduled with (schedulingWeightsSql). */
export async function schedulingWeightsOf(
  tx: Database | Transaction,
  userId: string,
): Promise<FsrsWeights | null> {
  const [row] = await tx
    .select({ weights: schedulingWeightsSql(users.fsrsWeights) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.weights ?? null;
}

export const personalParametersJob: JobDefinition = {
  name: "fit-personal-parameters",
  intervalMs: PERSONAL_PARAMETERS_RUN_MS,
  exclusive: true,
  run: async (ctx, control) => {
    const personal = await refitPersonalParameters(ctx, control);
    const pooled = control.shouldStop() ? null : await refitPooledParameters(ctx);
    const words = control.shouldStop() ? null : await refitWordRecallEstimates(ctx);
    return { ...personal, pooledReviews: pooled?.reviews ?? 0, wordEstimates: words?.words ?? 0 };
  },
};

/**
 * What Settings says about the learner's parameters: in use since their fit, or how many reviews they have and
 * whether a fit has read them yet.
 */
export function personalParametersOf(user: {
  fsrsWeights: number[] | null;
  fsrsWeightsFittedAt: Date | null;
  reviewCount: number;
}): Preferences["personalParameters"] {
  const lastFitAt = user.fsrsWeightsFittedAt?.toISOString() ?? null;
  return { inUseSince: user.fsrsWeights ? lastFitAt : null, reviews: user.reviewCount, lastFitAt };
}
