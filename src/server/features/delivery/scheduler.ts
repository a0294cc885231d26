import type { AppContext } from "@server/context";
import type { DeliveryChannel, SendChannelName } from "@server/platform/channels/delivery-channel";
import type { JobDefinition } from "@server/platform/jobs/job-loop";
import { sendDueDailyReviewBatch } from "./daily-review";
import { dispatchDueBatch } from "./dispatch";
import { sendDueBatch } from "./sender";

export interface SchedulerOptions {
  /** Subscriptions claimed per transaction. */
  batchSize?: number;
  /** Sends claimed per round, per channel. */
  sendBatchSize?: number;
  /**
   * Dispatch and send only this user's words (the e2e time-travel route). Other tests share the server, and a run
   * whose clock is days ahead would see another learner's send under way as a lease run out, and send it again.
   */
  onlyUserId?: string;
}

export interface SendTotals {
  sent: number;
  retrying: number;
  failed: number;
}

export interface SchedulerRun {
  delivered: number;
  /** The e-mail channel's counts (as before channels), kept for the tests and e2e that read them. */
  emailsSent: number;
  emailsRetrying: number;
  emailsFailed: number;
  /** Every registered channel's counts. */
  sends: Partial<Record<SendChannelName, SendTotals>>;
}

const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_SEND_BATCH_SIZE = 50;

/**
 * Dispatches every due subscription, then every due daily review (issue 22), batch by batch; `stop` is checked
 * between batches.
 */
export async function dispatchAllDue(
  ctx: AppContext,
  options: SchedulerOptions = {},
  stop: () => boolean = () => false,
): Promise<{ delivered: number }> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let delivered = 0;
  for (const dispatchBatch of [dispatchDueBatch, sendDueDailyReviewBatch]) {
    while (!stop()) {
      const batch = await dispatchBatch(ctx, batchSize, options.onlyUserId);
      delivered += batch.delivered;
      if (batch.claimed < batchSize) break;
    }
  }
  return { delivered };
}

/** Sends every one of `channel`'s sends whose attempt is due, batch by batch. */
async function sendAllDue(
  ctx: AppContext,
  channel: DeliveryChannel,
  options: SchedulerOptions,
  stop: () => boolean,
): Promise<SendTotals> {
  const batchSize = options.sendBatchSize ?? DEFAULT_SEND_BATCH_SIZE;
  const totals: SendTotals = { sent: 0, retrying: 0, failed: 0 };
  while (!stop()) {
    const batch = await sendDueBatch(ctx, channel, batchSize, options.onlyUserId);
    totals.sent += batch.sent;
    totals.retrying += batch.retrying;
    totals.failed += batch.failed;
    if (batch.claimed < batchSize) break;
  }
  return totals;
}

/**
 * One full pass: dispatches every due subscription, then runs every registered channel's sender. Tests (and the
 * e2e time-travel route) call this after moving the clock; the job loop runs the same steps as the jobs below.
 */
export async function runSchedulerOnce(
  ctx: AppContext,
  options: SchedulerOptions & { shouldStop?: () => boolean } = {},
): Promise<SchedulerRun> {
  const stop = options.shouldStop ?? (() => false);
  const { delivered } = await dispatchAllDue(ctx, options, stop);
  const sends: SchedulerRun["sends"] = {};
  for (const channel of ctx.channels.values())
    sends[channel.name] = await sendAllDue(ctx, channel, options, stop);
  const email = sends.email ?? { sent: 0, retrying: 0, failed: 0 };
  return {
    delivered,
    emailsSent: email.sent,
    emailsRetrying: email.retrying,
    emailsFailed: email.failed,
    sends,
  };
}

/** Turns due subscriptions and daily reviews into deliveries (claims are SKIP LOCKED: every instance may run it). */
export const dispatchJob: JobDefinition = {
  name: "dispatch-deliveries",
  intervalMs: 0,
  run: (ctx, control) => dispatchAllDue(ctx, {}, control.shouldStop),
};

/** A channel's sender over `delivery_sends` (leases are SKIP LOCKED: every instance may run it). */
export const senderJob = (channel: DeliveryChannel): JobDefinition => ({
  name: `send-${channel.name}`,
  intervalMs: 0,
  run: async (ctx, control) => ({ ...(await sendAllDue(ctx, channel, {}, control.shouldStop)) }),
});
