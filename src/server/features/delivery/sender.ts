import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import { pgArray, queryRows } from "../../db/raw";
import type { DeliveryChannel, SendChannelName, WordMessage } from "../../platform/channels/delivery-channel";
import { verifiedPhoneNumberSql } from "../phone/service";
import { SUBSCRIPTION_SWITCH } from "./channel-switches";
import { openUrl, unsubscribeUrl } from "./signed-links";

export type SendOutcome = "sent" | "retrying" | "failed";

export interface SendBatchResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** What History shows when the subscription's switch for the channel was turned off before the send went out. */
const TURNED_OFF: Record<SendChannelName, string> = {
  email: "Not sent: e-mail was turned off for this subscription before it went out",
  sms: "Not sent: SMS was turned off for this subscription before it went out",
  push: "Not sent: push notifications were turned off for this subscription before it went out",
};

interface ClaimedSend {
  message: WordMessage;
  attempts: number;
  stillWanted: boolean;
}

interface MessageRow {
  id: number;
  link_id: string;
  source: string;
  subscription_link_id: string | null;
  still_wanted: boolean;
  user_id: string;
  email: string;
  phone_number: string | null;
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

/** Sends one batch of `channel`'s sends whose attempt is due. */
export async function sendDueBatch(
  ctx: AppContext,
  channel: DeliveryChannel,
  batchSize: number,
): Promise<SendBatchResult> {
  const now = ctx.clock.now();
  const claimed = await claimSends(
    ctx,
    channel,
    sql`select delivery_id from delivery_sends
        where channel = ${channel.name} and status = 'pending' and next_attempt_at <= ${now}
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked`,
  );
  const result: SendBatchResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  for (const send of claimed) result[await sendClaimed(ctx, channel, send)] += 1;
  return result;
}

/** Sends one delivery's send on `channel` now (the admin's demo); null when it is not (or no longer) waiting. */
export async function sendNow(
  ctx: AppContext,
  channel: DeliveryChannel,
  deliveryId: number,
): Promise<{ outcome: SendOutcome; error: string | null } | null> {
  const [send] = await claimSends(
    ctx,
    channel,
    sql`select delivery_id from delivery_sends
        where delivery_id = ${deliveryId} and channel = ${channel.name} and status = 'pending'
        for update skip locked`,
  );
  if (!send) return null;
  const outcome = await sendClaimed(ctx, channel, send);
  const [row] = await queryRows<{ error: string | null }>(
    ctx.db,
    sql`select error from delivery_sends where delivery_id = ${deliveryId} and channel = ${channel.name}`,
  );
  return { outcome, error: row?.error ?? null };
}

/**
 * Takes a lease on the selected pending sends (counting the attempt: a sender that dies mid-send has used it up),
 * and builds the one word message every channel renders from.
 */
async function claimSends(
  ctx: AppContext,
  channel: DeliveryChannel,
  selectDeliveryIds: SQL,
): Promise<ClaimedSend[]> {
  const leaseEnd = new Date(ctx.clock.now().getTime() + channel.retry.leaseMs);
  const leased = await queryRows<{ delivery_id: number; attempts: number }>(
    ctx.db,
    sql`update delivery_sends set attempts = attempts + 1, next_attempt_at = ${leaseEnd}
        where channel = ${channel.name} and delivery_id in (${selectDeliveryIds})
        returning delivery_id, attempts`,
  );
  if (leased.length === 0) return [];
  const attempts = new Map(leased.map((row) => [row.delivery_id, row.attempts]));
  const rows = await queryRows<MessageRow>(
    ctx.db,
    sql`select d.id, d.link_id, d.source, s.link_id as subscription_link_id,
               (d.source = 'demo' or coalesce(${SUBSCRIPTION_SWITCH[channel.name]}, true)) as still_wanted,
               u.id as user_id, u.email,
               ${verifiedPhoneNumberSql(sql`u`)} as phone_number,
               w.word, w.pronunciation, w.definition, w.example, w.part_of_speech, w.note, w.reference,
               w.translation, t.display_name as topic_name
        from deliveries d
        left join subscriptions s on s.id = d.subscription_id
        join users u on u.id = d.user_id
        join words w on w.id = d.word_id
        join topics t on t.id = d.topic_id
        where d.id = any(${pgArray([...attempts.keys()])}::int[])
        order by d.id`,
  );
  return rows.map((row) => ({
    message: toWordMessage(ctx, row),
    attempts: attempts.get(row.id) ?? channel.retry.maxAttempts,
    stillWanted: row.still_wanted,
  }));
}

function toWordMessage(ctx: AppContext, row: MessageRow): WordMessage {
  const demo = row.source === "demo";
  return {
    deliveryId: row.id,
    source: demo ? "demo" : "scheduled",
    recipient: { userId: row.user_id, email: row.email, phoneNumber: row.phone_number },
    word: {
      word: row.word,
      pronunciation: row.pronunciation,
      definition: row.definition,
      example: row.example,
      partOfSpeech: row.part_of_speech,
      note: row.note,
      reference: row.reference,
      translation: row.translation,
    },
    topicName: row.topic_name,
    links: {
      open: openUrl(ctx.config, row.link_id),
      unsubscribe:
        row.subscription_link_id === null ? null : unsubscribeUrl(ctx.config, row.subscription_link_id),
    },
  };
}

async function sendClaimed(
  ctx: AppContext,
  channel: DeliveryChannel,
  { message, attempts, stillWanted }: ClaimedSend,
): Promise<SendOutcome> {
  const key = { deliveryId: message.deliveryId, channel: channel.name };
  if (!stillWanted) {
    await markFailed(ctx, channel, message.deliveryId, TURNED_OFF[channel.name]);
    return "failed";
  }
  let providerMessageId: string | null;
  try {
    ({ providerMessageId } = await channel.send(await channel.render(message), message));
  } catch (error) {
    const kind = channel.classifyFailure(error);
    const text = error instanceof Error ? error.message : String(error);
    if (kind === "permanent" || attempts >= channel.retry.maxAttempts) {
      await markFailed(ctx, channel, message.deliveryId, text);
      ctx.log.warn({ ...key, attempts, kind }, "delivery send failed");
      return "failed";
    }
    const retryAt = new Date(ctx.clock.now().getTime() + channel.retry.delayAfterAttemptMs(attempts));
    await ctx.db.execute(
      sql`update delivery_sends set next_attempt_at = ${retryAt}, error = ${text}
          where delivery_id = ${message.deliveryId} and channel = ${channel.name}`,
    );
    ctx.log.info({ ...key, attempts, retryAt }, "delivery send will be retried");
    return "retrying";
  }
  const sentAt = ctx.clock.now();
  // The word reached the user when the first channel (or the app, at dispatch) had it: later channels keep that.
  await ctx.db.execute(
    sql`with sent as (
          update delivery_sends set status = 'sent', sent_at = ${sentAt}, next_attempt_at = null, error = null,
                 provider_message_id = ${providerMessageId}
          where delivery_id = ${message.deliveryId} and channel = ${channel.name})
        update deliveries set sent_at = coalesce(sent_at, ${sentAt}) where id = ${message.deliveryId}`,
  );
  return "sent";
}

async function markFailed(
  ctx: AppContext,
  channel: DeliveryChannel,
  deliveryId: number,
  error: string,
): Promise<void> {
  await ctx.db.execute(
    sql`update delivery_sends set status = 'failed', next_attempt_at = null, error = ${error}
        where delivery_id = ${deliveryId} and channel = ${channel.name}`,
  );
}
