import { sql } from "drizzle-orm";
import { MINUTE_MS } from "../../../shared/constants";
import type { AppContext } from "../../context";
import { pgArray, queryRows } from "../../db/raw";
import { MailSendError } from "../../platform/mail/mailer";
import { stableMessageId } from "../../platform/mail/message-id";
import { openUrl, unsubscribeUrl } from "./signed-links";
import { readLibraryCredits } from "../content/service";
import { renderWordEmail } from "./word-email";

/** Attempts per e-mail before it is marked failed. */
export const EMAIL_MAX_ATTEMPTS = 5;
/** Back-off after the n-th failed attempt: 1, 2, 4, 8 minutes. */
export const emailRetryDelayMs = (attempt: number) => MINUTE_MS * 2 ** (attempt - 1);
/**
 * How long a claimed e-mail stays invisible to other workers. If the sender dies mid-send, the e-mail is retried
 * after this; if it died after the SMTP server accepted the message, that retry sends it again (at-least-once),
 * with the same Message-ID (deliveryMessageId), so receivers that de-duplicate drop the twin.
 */
export const EMAIL_CLAIM_LEASE_MS = 10 * MINUTE_MS;

interface ClaimedEmail {
  id: number;
  attempts: number;
  source: string;
  link_id: string;
  subscription_link_id: string | null;
  /** False once the recipient turned e-mail off for the subscription (e.g. with the unsubscribe link). */
  still_wanted: boolean;
  email: string;
  word: string;
  pronunciation: string | null;
  definition: string;
  example: string | null;
  part_of_speech: string | null;
  note: string | null;
  reference: string | null;
  translation: string | null;
  topic_name: string;
}

export interface EmailBatchResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends one batch of queued e-mails whose next attempt is due. */
export async function sendDueEmails(ctx: AppContext, batchSize: number): Promise<EmailBatchResult> {
  const now = ctx.clock.now();
  const claimed = await claimEmails(
    ctx,
    sql`select id from deliveries
        where email_status = 'pending' and email_next_attempt_at <= ${now}
        order by email_next_attempt_at
        limit ${batchSize}
        for update skip locked`,
  );
  const result: EmailBatchResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  for (const email of claimed) result[await sendClaimedEmail(ctx, email)] += 1;
  return result;
}

/** Sends one e-mail delivery now (the admin's demo); null when it is not (or no longer) waiting to be sent. */
export async function sendEmailNow(
  ctx: AppContext,
  deliveryId: number,
): Promise<{ outcome: "sent" | "retrying" | "failed"; error: string | null } | null> {
  const [email] = await claimEmails(
    ctx,
    sql`select id from deliveries where id = ${deliveryId} and email_status = 'pending' for update skip locked`,
  );
  if (!email) return null;
  const outcome = await sendClaimedEmail(ctx, email);
  const [row] = await queryRows<{ email_error: string | null }>(
    ctx.db,
    sql`select email_error from deliveries where id = ${deliveryId}`,
  );
  return { outcome, error: row?.email_error ?? null };
}

/** Takes a lease on the selected pending e-mails (counting the attempt) and loads what their message needs. */
async function claimEmails(ctx: AppContext, selectIds: ReturnType<typeof sql>): Promise<ClaimedEmail[]> {
  const now = ctx.clock.now();
  const leased = await queryRows<{ id: number; attempts: number }>(
    ctx.db,
    sql`update deliveries set email_attempts = email_attempts + 1,
               email_next_attempt_at = ${new Date(now.getTime() + EMAIL_CLAIM_LEASE_MS)}
        where id in (${selectIds})
        returning id, email_attempts as attempts`,
  );
  if (leased.length === 0) return [];
  const attempts = new Map(leased.map((row) => [row.id, row.attempts]));
  const rows = await queryRows<Omit<ClaimedEmail, "attempts">>(
    ctx.db,
    sql`select d.id, d.link_id, d.source, s.link_id as subscription_link_id, u.email, w.word, w.pronunciation, w.definition, w.example,
               w.part_of_speech, w.note, w.reference, w.translation,
               t.display_name as topic_name,
               (d.source = 'demo' or coalesce(s.email_enabled, true)) as still_wanted
        from deliveries d
        left join subscriptions s on s.id = d.subscription_id
        join users u on u.id = d.user_id
        join words w on w.id = d.word_id
        join topics t on t.id = d.topic_id
        where d.id = any(${pgArray([...attempts.keys()])}::int[])
        order by d.id`,
  );
  return rows.map((row) => ({ ...row, attempts: attempts.get(row.id) ?? EMAIL_MAX_ATTEMPTS }));
}

async function sendClaimedEmail(
  ctx: AppContext,
  email: ClaimedEmail,
): Promise<"sent" | "retrying" | "failed"> {
  if (!email.still_wanted) {
    await markFailed(
      ctx,
      email.id,
      "Not sent: e-mail was turned off for this subscription before it went out",
    );
    return "failed";
  }
  const unsubscribe =
    email.subscription_link_id === null ? null : unsubscribeUrl(ctx.config, email.subscription_link_id);
  try {
    const rendered = await renderWordEmail({
      word: email.word,
      pronunciation: email.pronunciation,
      definition: email.definition,
      example: email.example,
      partOfSpeech: email.part_of_speech,
      note: email.note,
      reference: email.reference,
      translation: email.translation,
      topicName: email.topic_name,
      credits: readLibraryCredits().emailFooter,
      openUrl: openUrl(ctx.config, email.link_id),
      unsubscribeUrl: unsubscribe,
      demo: email.source === "demo",
    });
    await ctx.mailer.send({
      to: email.email,
      ...rendered,
      messageId: deliveryMessageId(ctx, email.id),
      ...(unsubscribe
        ? {
            headers: {
              "List-Unsubscribe": `<${unsubscribe}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
          }
        : {}),
    });
  } catch (error) {
    const permanent = !(error instanceof MailSendError) || error.permanent;
    const message = error instanceof Error ? error.message : String(error);
    const now = ctx.clock.now();
    if (permanent || email.attempts >= EMAIL_MAX_ATTEMPTS) {
      await markFailed(ctx, email.id, message);
      ctx.log.warn({ deliveryId: email.id, attempts: email.attempts, permanent }, "e-mail delivery failed");
      return "failed";
    }
    const retryAt = new Date(now.getTime() + emailRetryDelayMs(email.attempts));
    await ctx.db.execute(
      sql`update deliveries set email_next_attempt_at = ${retryAt}, email_error = ${message} where id = ${email.id}`,
    );
    ctx.log.info({ deliveryId: email.id, attempts: email.attempts, retryAt }, "e-mail will be retried");
    return "retrying";
  }
  const sentAt = ctx.clock.now();
  await ctx.db.execute(
    sql`update deliveries set email_status = 'sent', email_sent_at = ${sentAt}, email_next_attempt_at = null,
               email_error = null, sent_at = coalesce(sent_at, ${sentAt})
        where id = ${email.id}`,
  );
  return "sent";
}

/** The one Message-ID of a delivery's e-mail, whichever attempt (or worker) sends it. */
export const deliveryMessageId = (ctx: AppContext, deliveryId: number): string =>
  stableMessageId(ctx.config.sessionSecret, ctx.config.appUrl, "delivery", deliveryId);

async function markFailed(ctx: AppContext, deliveryId: number, error: string): Promise<void> {
  await ctx.db.execute(
    sql`update deliveries set email_status = 'failed', email_next_attempt_at = null, email_error = ${error}
        where id = ${deliveryId}`,
  );
}
