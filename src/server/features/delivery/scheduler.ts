import type { AppContext } from "../../context";
import type { JobDefinition } from "../../platform/jobs/job-loop";
import { dispatchDueBatch } from "./dispatch";
import { sendDueEmails } from "./email-outbox";

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

/** Dispatches every due subscription, batch by batch; `shouldStop` is checked between batches. */
async function dispatchAllDue(
  ctx: AppContext,
  options: SchedulerOptions,
  stop: () => boolean,
): Promise<{ delivered: number }> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let delivered = 0;
  while (!stop()) {
    const batch = await dispatchDueBatch(ctx, batchSize, options.onlyUserId);
    delivered += batch.delivered;
    if (batch.claimed < batchSize) break;
  }
  return { delivered };
}

/** Sends every e-mail whose attempt is due, batch by batch. */
async function sendAllDue(
  ctx: AppContext,
  options: SchedulerOptions,
  stop: () => boolean,
): Promise<{ sent: number; retrying: number; failed: number }> {
  const emailBatchSize = options.emailBatchSize ?? DEFAULT_EMAIL_BATCH_SIZE;
  const totals = { sent: 0, retrying: 0, failed: 0 };
  while (!stop()) {
    const batch = await sendDueEmails(ctx, emailBatchSize);
    totals.sent += batch.sent;
    totals.retrying += batch.retrying;
    totals.failed += batch.failed;
    if (batch.claimed < emailBatchSize) break;
  }
  return totals;
}

/**
 * One full pass: dispatches every due subscription, then sends every e-mail whose attempt is due. Tests (and the
 * e2e time-travel route) call this after moving the clock; the job loop runs the same two steps as the jobs below.
 */
export async function runSchedulerOnce(
  ctx: AppContext,
  options: SchedulerOptions & { shouldStop?: () => boolean } = {},
): Promise<SchedulerRun> {
  const stop = options.shouldStop ?? (() => false);
  const { delivered } = await dispatchAllDue(ctx, options, stop);
  const emails = await sendAllDue(ctx, options, stop);
  return { delivered, emailsSent: emails.sent, emailsRetrying: emails.retrying, emailsFailed: emails.failed };
}

/** Turns due subscriptions into deliveries (claims are SKIP LOCKED: every instance may run it). */
export const dispatchJob: JobDefinition = {
  name: "dispatch-deliveries",
  intervalMs: 0,
  run: (ctx, control) => dispatchAllDue(ctx, {}, control.shouldStop),
};

/** The e-mail outbox's sender (leases are SKIP LOCKED: every instance may run it). */
export const emailSenderJob: JobDefinition = {
  name: "send-emails",
  intervalMs: 0,
  run: (ctx, control) => sendAllDue(ctx, {}, control.shouldStop),
};
