import type { AppContext } from "./context";
import { billingSweepJob } from "./features/billing/service";
import { dispatchJob, senderJob } from "./features/delivery/service";
import { personalParametersJob } from "./features/learning/service";
import { purgeJob } from "./features/purge/service";
import type { ChannelRegistry } from "./platform/channels/registry";
import { startJobLoop, type JobDefinition, type RunningJobs } from "./platform/jobs/job-loop";

/**
 * Every background job, in the order one round of the loop runs them: billing's time-based work, then the
 * delivery engine (due subscriptions become deliveries, then one sender per registered channel: `send-email`,
 * `send-sms`, `send-push`), then the daily purge and the refit of learners' own FSRS weights (a few per run).
 */
export const backgroundJobs = (channels: ChannelRegistry): readonly JobDefinition[] => [
  billingSweepJob,
  dispatchJob,
  ...[...channels.values()].map(senderJob),
  purgeJob,
  personalParametersJob,
];

/** The job loop of the server (unless SCHEDULER=off) and of `npm run worker`. */
export function startBackgroundJobs(ctx: AppContext, options: { idleMs?: number } = {}): RunningJobs {
  return startJobLoop(ctx, backgroundJobs(ctx.channels), options);
}
