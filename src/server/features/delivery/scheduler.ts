import type { AppContext } from "../../context";
import { dispatchDueBatch } from "./dispatch";
import { sendDueEmails } from "./email-outbox";
import { BILLING_SWEEP_INTERVAL_MS, runBillingSweep } from "../billing/service";

export interface SchedulerOptions {
  /** Subscriptions claimed per transaction. */
  batchSize?: number;
  /** Queued e-mails claimed per round. */
  emailBatchSize?: number;
  /** Dispatch only this user's subscriptions (the e2e time-travel route; other tests share the server). */
  onlyUserId?: string;
}

export interface SchedulerRun {
  delivered: number;
  emailsSent: number;
  emailsRetrying: number;
  emailsFailed: number;
}

const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_EMAIL_BATCH_SIZE = 50;
/** Pause between rounds when nothing was due. */
export const SCHEDULER_IDLE_MS = 1000;

/**
 * One full pass: dispatches every due subscription, then sends every e-mail whose attempt is due.
 * Tests call this after moving the clock; the loop below calls it forever. `shouldStop` is checked between batches.
 */
export async function runSchedulerOnce(
  ctx: AppContext,
  options: SchedulerOptions & { shouldStop?: () => boolean } = {},
): Promise<SchedulerRun> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const emailBatchSize = options.emailBatchSize ?? DEFAULT_EMAIL_BATCH_SIZE;
  const stop = options.shouldStop ?? (() => false);
  const run: SchedulerRun = { delivered: 0, emailsSent: 0, emailsRetrying: 0, emailsFailed: 0 };
  while (!stop()) {
    const batch = await dispatchDueBatch(ctx, batchSize, options.onlyUserId);
    run.delivered += batch.delivered;
    if (batch.claimed < batchSize) break;
  }
  while (!stop()) {
    const batch = await sendDueEmails(ctx, emailBatchSize);
    run.emailsSent += batch.sent;
    run.emailsRetrying += batch.retrying;
    run.emailsFailed += batch.failed;
    if (batch.claimed < emailBatchSize) break;
  }
  return run;
}

export interface RunningScheduler {
  /** Stops claiming new work, lets the batch in hand finish, then resolves. */
  stop(): Promise<void>;
}

/** The delivery loop, run inside the server (unless SCHEDULER=off) and by `npm run worker`. */
export function startScheduler(
  ctx: AppContext,
  options: SchedulerOptions & { idleMs?: number } = {},
): RunningScheduler {
  const idleMs = options.idleMs ?? SCHEDULER_IDLE_MS;
  let stopping = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  let lastBillingSweepAt = Number.NEGATIVE_INFINITY;
  const loop = (async () => {
    ctx.log.info({ database: ctx.dbKind }, "delivery scheduler started");
    while (!stopping) {
      // Billing's time-based work (trial ends, renewals, suspensions) rides on this loop, at most once a minute.
      if (ctx.clock.now().getTime() - lastBillingSweepAt >= BILLING_SWEEP_INTERVAL_MS) {
        lastBillingSweepAt = ctx.clock.now().getTime();
        await runBillingSweep(ctx).catch((error: unknown) =>
          ctx.log.error({ err: error }, "billing sweep failed"),
        );
      }
      try {
        const run = await runSchedulerOnce(ctx, { ...options, shouldStop: () => stopping });
        if (run.delivered + run.emailsSent + run.emailsRetrying + run.emailsFailed > 0) {
          ctx.log.info(run, "delivery round");
        }
      } catch (error) {
        ctx.log.error({ err: error }, "delivery round failed; retrying shortly");
      }
      if (!stopping) await sleep(idleMs);
    }
    ctx.log.info("delivery scheduler stopped");
  })();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
