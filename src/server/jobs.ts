import type { AppContext } from "./context";
import { billingSweepJob } from "./features/billing/service";
import { dispatchJob, emailSenderJob } from "./features/delivery/service";
import { purgeJob } from "./features/purge/service";
import { startJobLoop, type JobDefinition, type RunningJobs } from "./platform/jobs/job-loop";

/**
 * Every background job, in the order one round of the loop runs them: billing's time-based work, then the
 * delivery engine (due subscriptions become deliveries, then their e-mails go out), then the daily purge.
 */
export const backgroundJobs: readonly JobDefinition[] = [
  billingSweepJob,
  dispatchJob,
  emailSenderJob,
  purgeJob,
];

/** The job loop of the server (unless SCHEDULER=off) and of `npm run worker`. */
export function startBackgroundJobs(ctx: AppContext, options: { idleMs?: number } = {}): RunningJobs {
  return startJobLoop(ctx, backgroundJobs, options);
}
