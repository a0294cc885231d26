import { and, asc, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import {
  DAY_MS,
  MINUTE_MS,
  PERSONAL_PARAMETERS_MIN_REVIEWS,
  PERSONAL_PARAMETERS_REFIT_DAYS,
  type LearningGrade,
} from "@shared/constants";
import type { AppContext } from "@server/context";
import { cards, reviewLogs, users } from "@server/db/schema";
import type { JobControl, JobDefinition } from "@server/platform/jobs/job-loop";
import { userDayClock } from "./cards";
import { fitPersonalParameters, type ReviewForFit } from "./personal-parameters";

/**
 * Learners fitted per run. A fit takes the optimiser a few seconds and the job loop waits for it, so a run stays
 * small and the loop gets back to sending; at one run every PERSONAL_PARAMETERS_RUN_MS that is ~2,000 fits a week.
 */
export const PERSONAL_PARAMETERS_BATCH = 3;
export const PERSONAL_PARAMETERS_RUN_MS = 15 * MINUTE_MS;

/** Whether the user has at least PERSONAL_PARAMETERS_MIN_REVIEWS grades: reads at most that many index entries. */
const hasEnoughReviews = sql`(select count(*) from (select 1 from ${reviewLogs} where ${reviewLogs.userId} = ${users.id}
  limit ${PERSONAL_PARAMETERS_MIN_REVIEWS}) enough) >= ${PERSONAL_PARAMETERS_MIN_REVIEWS}`;

/**
 * A learner's history for the optimiser: each card's introduction (FSRS's first step, graded Good when the word was
 * first delivered; not a review-log row, decision 004) followed by every grade it had.
 */
async function historyForFit(ctx: AppContext, userId: string): Promise<ReviewForFit[]> {
  const [introductions, grades] = await Promise.all([
    ctx.db
      .select({ cardId: cards.id, reviewedAt: cards.createdAt })
      .from(cards)
      .where(eq(cards.userId, userId)),
    ctx.db
      .select({ cardId: reviewLogs.cardId, grade: reviewLogs.grade, reviewedAt: reviewLogs.reviewedAt })
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, userId)),
  ]);
  return [
    ...introductions.map((card) => ({ ...card, grade: "good" as const })),
    // The column's check keeps grade to FSRS's four names.
    ...grades.map((log) => ({ ...log, grade: log.grade as LearningGrade })),
  ];
}

/**
 * The weekly refit (issue 16): learners with enough reviews whose weights are missing or a week old, oldest fit
 * first, a batch at a time. A fit that finds too little to learn from (no card reviewed across days) keeps what the
 * learner had and still counts as this week's fit, so it is not retried every run.
 */
export async function refitPersonalParameters(
  ctx: AppContext,
  control: JobControl = { shouldStop: () => false },
): Promise<{ fitted: number; unchanged: number }> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - PERSONAL_PARAMETERS_REFIT_DAYS * DAY_MS);
  const due = await ctx.db
    .select({ id: users.id, timeZone: users.timeZone, dayStartsAtHour: users.dayStartsAtHour })
    .from(users)
    .where(
      and(
        or(isNull(users.fsrsWeightsFittedAt), lt(users.fsrsWeightsFittedAt, staleBefore)),
        hasEnoughReviews,
      ),
    )
    .orderBy(sql`${users.fsrsWeightsFittedAt} asc nulls first`, asc(users.id))
    .limit(PERSONAL_PARAMETERS_BATCH);
  const report = { fitted: 0, unchanged: 0 };
  for (const user of due) {
    if (control.shouldStop()) break;
    const weights = await fitPersonalParameters(await historyForFit(ctx, user.id), userDayClock(user));
    await ctx.db
      .update(users)
      .set({ fsrsWeightsFittedAt: now, ...(weights ? { fsrsWeights: [...weights] } : {}) })
      .where(eq(users.id, user.id));
    report[weights ? "fitted" : "unchanged"] += 1;
  }
  return report;
}

export const personalParametersJob: JobDefinition = {
  name: "fit-personal-parameters",
  intervalMs: PERSONAL_PARAMETERS_RUN_MS,
  exclusive: true,
  run: async (ctx, control) => refitPersonalParameters(ctx, control),
};

/** What Settings says about the learner's parameters: in use since their fit, or how many reviews they have. */
export async function personalParametersOf(
  ctx: AppContext,
  user: { id: string; fsrsWeights: number[] | null; fsrsWeightsFittedAt: Date | null },
): Promise<{ inUseSince: string | null; reviews: number }> {
  const [row] = await ctx.db
    .select({ reviews: count() })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, user.id));
  return {
    inUseSince: user.fsrsWeights && user.fsrsWeightsFittedAt ? user.fsrsWeightsFittedAt.toISOString() : null,
    reviews: row?.reviews ?? 0,
  };
}
