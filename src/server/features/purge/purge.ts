import { sql, type SQL } from "drizzle-orm";
import { DAY_MS } from "../../../shared/constants";
import type { AppContext } from "../../context";
import { queryRows } from "../../db/raw";
import type { JobControl, JobDefinition } from "../../platform/jobs/job-loop";

/** Local-mailbox messages (the embedded default's e-mail) are kept this long: enough to find last week's mail. */
export const MAILBOX_RETENTION_MS = 7 * DAY_MS;
/**
 * Used or expired sign-in tokens are kept this long after they were created: the per-address limit counts the
 * links of the last 15 minutes, and a link opened again after use can still be told apart from a wrong one.
 */
export const SIGN_IN_TOKEN_RETENTION_MS = DAY_MS;
/** Rows deleted per statement: each stays short (statement timeout, locks), however much has piled up. */
const PURGE_BATCH = 5000;

export interface PurgeReport {
  sessions: number;
  signInTokens: number;
  mailbox: number;
  smsOutbox: number;
}

/**
 * Deletes what no one can use any more: expired sessions, used or expired sign-in tokens (a day after creation),
 * local-mailbox messages and local SMS-outbox texts older than 7 days. Idempotent; batched, and it stops between batches when asked to.
 */
export async function purgeExpiredData(
  ctx: AppContext,
  control: JobControl = { shouldStop: () => false },
): Promise<PurgeReport> {
  const now = ctx.clock.now();
  const tokensBefore = new Date(now.getTime() - SIGN_IN_TOKEN_RETENTION_MS);
  const mailboxBefore = new Date(now.getTime() - MAILBOX_RETENTION_MS);
  return {
    sessions: await deleteInBatches(
      ctx,
      control,
      (limit) => sql`delete from sessions where token_hash in (
        select token_hash from sessions where expires_at <= ${now} limit ${limit}) returning 1`,
    ),
    signInTokens: await deleteInBatches(
      ctx,
      control,
      (limit) => sql`delete from login_tokens where token_hash in (
        select token_hash from login_tokens
        where (used_at is not null or expires_at <= ${now}) and created_at < ${tokensBefore}
        limit ${limit}) returning 1`,
    ),
    mailbox: await deleteInBatches(
      ctx,
      control,
      (limit) => sql`delete from mailbox where id in (
        select id from mailbox where created_at < ${mailboxBefore} limit ${limit}) returning 1`,
    ),
    smsOutbox: await deleteInBatches(
      ctx,
      control,
      (limit) => sql`delete from sms_outbox where id in (
        select id from sms_outbox where created_at < ${mailboxBefore} limit ${limit}) returning 1`,
    ),
  };
}

async function deleteInBatches(
  ctx: AppContext,
  control: JobControl,
  statement: (limit: number) => SQL,
): Promise<number> {
  let deleted = 0;
  while (!control.shouldStop()) {
    const rows = await queryRows<unknown>(ctx.db, statement(PURGE_BATCH));
    deleted += rows.length;
    if (rows.length < PURGE_BATCH) break;
  }
  return deleted;
}

/** Daily; one instance at a time (the others would only find nothing left to delete). */
export const purgeJob: JobDefinition = {
  name: "purge-expired-data",
  intervalMs: DAY_MS,
  exclusive: true,
  run: async (ctx, control) => ({ ...(await purgeExpiredData(ctx, control)) }),
};
