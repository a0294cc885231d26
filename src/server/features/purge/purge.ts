import { and, inArray, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { DAY_MS } from "@shared/constants";
import type { AppContext } from "@server/context";
import { limitCounters, loginTokens, mailbox, sessions, smsOutbox } from "@server/db/schema";
import type { JobControl, JobDefinition } from "@server/platform/jobs/job-loop";

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
  limitCounters: number;
}

/**
 * Deletes what no one can use any more: expired sessions, used or expired sign-in tokens (a day after creation),
 * local-mailbox messages and local SMS-outbox texts older than 7 days, rate-limit and budget counters whose window
 * has ended. Idempotent; batched, and it stops between batches when asked to.
 */
export async function purgeExpiredData(
  ctx: AppContext,
  control: JobControl = { shouldStop: () => false },
): Promise<PurgeReport> {
  const now = ctx.clock.now();
  const tokensBefore = new Date(now.getTime() - SIGN_IN_TOKEN_RETENTION_MS);
  const mailboxBefore = new Date(now.getTime() - MAILBOX_RETENTION_MS);
  return {
    sessions: await deleteInBatches(ctx, control, sessions.tokenHash, lte(sessions.expiresAt, now)),
    signInTokens: await deleteInBatches(
      ctx,
      control,
      loginTokens.tokenHash,
      and(
        or(isNotNull(loginTokens.usedAt), lte(loginTokens.expiresAt, now)),
        lt(loginTokens.createdAt, tokensBefore),
      ),
    ),
    mailbox: await deleteInBatches(ctx, control, mailbox.id, lt(mailbox.createdAt, mailboxBefore)),
    smsOutbox: await deleteInBatches(ctx, control, smsOutbox.id, lt(smsOutbox.createdAt, mailboxBefore)),
    limitCounters: await deleteInBatches(ctx, control, limitCounters.key, lte(limitCounters.windowEnd, now)),
  };
}

/**
 * Deletes the rows of `key`'s table that match `condition`, PURGE_BATCH at a time: each statement deletes the
 * keys a subquery picks (DELETE has no LIMIT of its own).
 */
async function deleteInBatches(
  ctx: AppContext,
  control: JobControl,
  key: PgColumn,
  condition: SQL | undefined,
): Promise<number> {
  let deleted = 0;
  while (!control.shouldStop()) {
    const rows = await ctx.db
      .delete(key.table)
      .where(inArray(key, ctx.db.select({ key }).from(key.table).where(condition).limit(PURGE_BATCH)))
      .returning({ deleted: sql`1` });
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
