import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { channelInSentence } from "@shared/channels";
import { moveOutOfQuietHours } from "@shared/rules/learning/quiet-hours";
import type { AppContext } from "@server/context";
import type { Database } from "@server/db/client";
import { queryRows, type Transaction } from "@server/db/raw";
import { deliveries, deliverySends, subscriptions, topics, users, words } from "@server/db/schema";
import type {
  DeliveryChannel,
  SendChannelName,
  WordMessage,
} from "@server/platform/channels/delivery-channel";
import { channelOnSql } from "@server/platform/channels/subscription-channels";
import { verifiedPhoneNumberSql } from "@server/platform/sms/verified-number";
import { quietHoursOf } from "@shared/rules/send-window";
import { dailyReviewUnsubscribeUrl, gradeUrl, openUrl, saveUrl, unsubscribeUrl } from "./signed-links";

export type SendOutcome = "sent" | "retrying" | "failed";

export interface SendBatchResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** What History shows when the subscription's switch for the channel was turned off before the send went out. */
const turnedOff = (channel: SendChannelName): string =>
  `Not sent: ${channelInSentence(channel)} was turned off for this subscription before it went out`;

interface ClaimedSend {
  message: WordMessage;
  attempts: number;
  stillWanted: boolean;
  /** Set when the recipient is inside their quiet hours now: the send waits until then. */
  quietUntil: Date | null;
}

/** One (delivery, channel) send. */
const sendOf = (deliveryId: number, channel: DeliveryChannel): SQL =>
  and(eq(deliverySends.deliveryId, deliveryId), eq(deliverySends.channel, channel.name))!;

/**
 * The delivery ids of `channel`'s pending sends that match `conditions`. The status is a literal, not a
 * parameter, so the planner can use the partial index delivery_sends_due_idx.
 */
const pendingSendIds = (ctx: AppContext, channel: DeliveryChannel, ...conditions: SQL[]) =>
  ctx.db
    .select({ deliveryId: deliverySends.deliveryId })
    .from(deliverySends)
    .where(
      and(
        eq(deliverySends.channel, channel.name),
        sql`${deliverySends.status} = 'pending'`,
        ...(channel.onePerSend ? [leadOfItsSend(channel)] : []),
        ...conditions,
      ),
    )
    .$dynamic();

/**
 * The words one message carries, in send order: a subscription's scheduled send is its (subscription, slot); a
 * daily review is the learner's (user, instant) across all their subscriptions, so it arrives as one message
 * however many topics they follow (issue 22). Each says when `earlier` precedes `later` in the same send; they
 * stay two conditions (not one OR) so each one's lookup uses its own partial index.
 */
const SEND_GROUPS = [
  sql.raw(`later.source = 'scheduled' and earlier.source = 'scheduled'
    and earlier.subscription_id = later.subscription_id and earlier.slot_at = later.slot_at
    and earlier.slot_position < later.slot_position`),
  sql.raw(`later.source = 'daily_review' and earlier.source = 'daily_review'
    and earlier.user_id = later.user_id and earlier.slot_at = later.slot_at
    and (earlier.subscription_id, earlier.slot_position) < (later.subscription_id, later.slot_position)`),
];

/**
 * For a channel with one message per send: only the first pending word of a send is ever claimed; the rest of the
 * send rides in its message and shares its outcome. So a send is leased once, as a whole, and a retry after a crash
 * sends the same words under the same message id.
 */
const leadOfItsSend = (channel: DeliveryChannel): SQL =>
  and(
    ...SEND_GROUPS.map(
      (sameSend) => sql`not exists (
        select 1 from ${deliveries} later
        join ${deliveries} earlier on ${sameSend}
        join ${deliverySends} earlier_send on earlier_send.delivery_id = earlier.id
          and earlier_send.channel = ${channel.name} and earlier_send.status = 'pending'
        where later.id = ${deliverySends.deliveryId})`,
    ),
  )!;

/** The pending sends on `channel` of the other words of each lead's send, in send order. */
async function restOfSends(ctx: AppContext, channel: DeliveryChannel, leadIds: number[]) {
  if (!channel.onePerSend || leadIds.length === 0) return new Map<number, number[]>();
  const leads = sql.join(
    leadIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ lead_id: number; delivery_id: number }>(
    ctx.db,
    sql`select lead_id, delivery_id from (${sql.join(
      SEND_GROUPS.map(
        (sameSend) => sql`select earlier.id as lead_id, later.id as delivery_id,
                                 later.subscription_id, later.slot_position
          from ${deliveries} earlier
          join ${deliveries} later on ${sameSend}
          join ${deliverySends} s on s.delivery_id = later.id and s.channel = ${channel.name} and s.status = 'pending'
          where earlier.id in (${leads})`,
      ),
      sql` union all `,
    )}) rest
        order by lead_id, subscription_id, slot_position`,
  );
  const rest = new Map<number, number[]>();
  for (const row of rows) rest.set(row.lead_id, [...(rest.get(row.lead_id) ?? []), row.delivery_id]);
  return rest;
}

/** The sends on `channel` of the words one message carries. */
const sendsOf = (deliveryIds: number[], channel: DeliveryChannel): SQL =>
  and(inArray(deliverySends.deliveryId, deliveryIds), eq(deliverySends.channel, channel.name))!;

type PendingSendIds = ReturnType<typeof pendingSendIds>;

/** The sends of one user's words (the e2e time-travel route's run, whose clock is not the other senders'). */
const sendsOfUser = (userId: string): SQL =>
  sql`${deliverySends.deliveryId} in (select ${deliveries.id} from ${deliveries} where ${deliveries.userId} = ${userId})`;

/** Sends one batch of `channel`'s sends whose attempt is due (only `onlyUserId`'s, when given). */
export async function sendDueBatch(
  ctx: AppContext,
  channel: DeliveryChannel,
  batchSize: number,
  onlyUserId?: string,
): Promise<SendBatchResult> {
  const due = lte(deliverySends.nextAttemptAt, ctx.clock.now());
  const claimed = await claimSends(
    ctx,
    channel,
    pendingSendIds(ctx, channel, ...(onlyUserId ? [due, sendsOfUser(onlyUserId)] : [due]))
      .orderBy(deliverySends.nextAttemptAt)
      .limit(batchSize)
      .for("update", { skipLocked: true }),
  );
  const result: SendBatchResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  for (const send of claimed) result[await sendClaimed(ctx, channel, send)] += 1;
  return result;
}

/**
 * Sends one delivery's send on `channel` now (the admin's demo, a first word); null when it is not (or no longer)
 * waiting, or another sender holds its lease.
 */
export async function sendNow(
  ctx: AppContext,
  channel: DeliveryChannel,
  deliveryId: number,
): Promise<{ outcome: SendOutcome; error: string | null } | null> {
  const [send] = await claimSends(
    ctx,
    channel,
    pendingSendIds(ctx, channel, eq(deliverySends.deliveryId, deliveryId)).for("update", {
      skipLocked: true,
    }),
  );
  if (!send) return null;
  const outcome = await sendClaimed(ctx, channel, send);
  const [row] = await ctx.db
    .select({ error: deliverySends.error })
    .from(deliverySends)
    .where(sendOf(deliveryId, channel));
  return { outcome, error: row?.error ?? null };
}

/**
 * Takes a lease on the selected pending sends (counting the attempt: a sender that dies mid-send has used it up),
 * and builds the one word message every channel renders from.
 */
async function claimSends(
  ctx: AppContext,
  channel: DeliveryChannel,
  selectDeliveryIds: PendingSendIds,
): Promise<ClaimedSend[]> {
  const leaseEnd = new Date(ctx.clock.now().getTime() + channel.retry.leaseMs);
  const leased = await ctx.db
    .update(deliverySends)
    .set({ attempts: sql`${deliverySends.attempts} + 1`, nextAttemptAt: leaseEnd })
    .where(and(eq(deliverySends.channel, channel.name), inArray(deliverySends.deliveryId, selectDeliveryIds)))
    .returning({ deliveryId: deliverySends.deliveryId, attempts: deliverySends.attempts });
  if (leased.length === 0) return [];
  const attempts = new Map(leased.map((row) => [row.deliveryId, row.attempts]));
  const rest = await restOfSends(ctx, channel, [...attempts.keys()]);
  const rows = await selectMessages(ctx, channel, [...attempts.keys(), ...[...rest.values()].flat()]);
  const messages = new Map(rows.map((row) => [row.id, toWordMessage(ctx, row)]));
  const now = ctx.clock.now();
  return rows
    .filter((row) => attempts.has(row.id))
    .map((row) => {
      const quietEnd = moveOutOfQuietHours(now, quietHoursOf(row), row.timeZone);
      const alongside = (rest.get(row.id) ?? []).map((id) => messages.get(id)).filter((message) => !!message);
      return {
        message: { ...messages.get(row.id)!, alongside },
        attempts: attempts.get(row.id) ?? channel.retry.maxAttempts,
        stillWanted: row.stillWanted,
        quietUntil: quietEnd.getTime() > now.getTime() ? quietEnd : null,
      };
    });
}

/** The deliveries' words, recipients and links, and whether their subscription still wants `channel`. */
function selectMessages(ctx: AppContext, channel: DeliveryChannel, deliveryIds: number[]) {
  return ctx.db
    .select({
      id: deliveries.id,
      linkId: deliveries.linkId,
      source: deliveries.source,
      kind: deliveries.kind,
      subscriptionLinkId: subscriptions.linkId,
      stillWanted: sql<boolean>`(${deliveries.source} = 'demo' or ${subscriptions.id} is null or ${channelOnSql(subscriptions.id, channel.name)})`,
      userId: users.id,
      email: users.email,
      timeZone: users.timeZone,
      quietStart: users.quietStart,
      quietEnd: users.quietEnd,
      phoneNumber: verifiedPhoneNumberSql(users),
      word: words.word,
      pronunciation: words.pronunciation,
      definition: words.definition,
      example: words.example,
      partOfSpeech: words.partOfSpeech,
      note: words.note,
      origin: words.origin,
      reference: words.reference,
      translation: words.translation,
      topicName: topics.displayName,
    })
    .from(deliveries)
    .leftJoin(subscriptions, eq(subscriptions.id, deliveries.subscriptionId))
    .innerJoin(users, eq(users.id, deliveries.userId))
    .innerJoin(words, eq(words.id, deliveries.wordId))
    .innerJoin(topics, eq(topics.id, deliveries.topicId))
    .where(inArray(deliveries.id, deliveryIds))
    .orderBy(deliveries.id);
}

type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

function toWordMessage(ctx: AppContext, row: MessageRow): WordMessage {
  const source = row.source === "demo" || row.source === "daily_review" ? row.source : "scheduled";
  return {
    deliveryId: row.id,
    source,
    kind: row.kind,
    recipient: { userId: row.userId, email: row.email, phoneNumber: row.phoneNumber },
    word: {
      word: row.word,
      pronunciation: row.pronunciation,
      definition: row.definition,
      example: row.example,
      partOfSpeech: row.partOfSpeech,
      note: row.note,
      origin: row.origin,
      reference: row.reference,
      translation: row.translation,
    },
    topicName: row.topicName,
    links: {
      open: openUrl(ctx.config, row.linkId),
      save: saveUrl(ctx.config, row.linkId),
      unsubscribe:
        source === "daily_review"
          ? dailyReviewUnsubscribeUrl(ctx.config, row.linkId)
          : row.subscriptionLinkId === null
            ? null
            : unsubscribeUrl(ctx.config, row.subscriptionLinkId),
      grade: {
        knewIt: gradeUrl(ctx.config, row.linkId, "knew_it"),
        didntKnow: gradeUrl(ctx.config, row.linkId, "didnt_know"),
        known: gradeUrl(ctx.config, row.linkId, "known"),
      },
    },
    alongside: [],
  };
}

async function sendClaimed(
  ctx: AppContext,
  channel: DeliveryChannel,
  { message, attempts, stillWanted, quietUntil }: ClaimedSend,
): Promise<SendOutcome> {
  const key = { deliveryId: message.deliveryId, channel: channel.name };
  const everyWord = [message.deliveryId, ...message.alongside.map((word) => word.deliveryId)];
  if (!stillWanted) {
    await markFailed(ctx.db, channel, everyWord, turnedOff(channel.name));
    return "failed";
  }
  if (quietUntil) {
    // A retry or a lease's re-send that falls in the recipient's quiet hours waits for the window's end, without
    // using up an attempt (decision 004: nothing goes out inside quiet hours).
    await ctx.db
      .update(deliverySends)
      .set({ nextAttemptAt: quietUntil, attempts: sql`${deliverySends.attempts} - 1` })
      .where(sendOf(message.deliveryId, channel));
    return "retrying";
  }
  let providerMessageId: string | null;
  // What the message holds; a message that could not even be rendered stands for the whole send.
  let carried = everyWord;
  try {
    const rendered = await channel.render(message);
    carried = channel.carried?.(rendered, message) ?? everyWord;
    ({ providerMessageId } = await channel.send(rendered, message));
  } catch (error) {
    const kind = channel.classifyFailure(error);
    const text = error instanceof Error ? error.message : String(error);
    if (kind === "permanent" || attempts >= channel.retry.maxAttempts) {
      await ctx.db.transaction(async (tx) => {
        await markFailed(tx, channel, carried, text);
        await removeUncarried(tx, channel, everyWord, carried, null);
      });
      ctx.log.warn({ ...key, attempts, kind }, "delivery send failed");
      return "failed";
    }
    const waitMs = channel.providerRetryAfterMs?.(error) ?? channel.retry.delayAfterAttemptMs(attempts);
    const retryAt = new Date(ctx.clock.now().getTime() + waitMs);
    await ctx.db
      .update(deliverySends)
      .set({ nextAttemptAt: retryAt, error: text })
      .where(sendOf(message.deliveryId, channel));
    ctx.log.info({ ...key, attempts, retryAt }, "delivery send will be retried");
    return "retrying";
  }
  const sentAt = ctx.clock.now();
  // One transaction with the removal of the words the message did not carry: committed apart, another sender saw
  // for a moment the lead sent and the next word's send still pending, so the next word led a message of its own
  // (a second notification for one send).
  await ctx.db.transaction(async (tx) => {
    // The word reached the user when the first channel (or the app, at dispatch) had it: later channels keep that.
    // One statement: the send's row (in a data-modifying CTE) and the delivery's.
    const sent = tx
      .$with("sent")
      .as(
        tx
          .update(deliverySends)
          .set({ status: "sent", sentAt, nextAttemptAt: null, error: null, providerMessageId })
          .where(sendsOf(carried, channel))
          .returning({ deliveryId: deliverySends.deliveryId }),
      );
    await tx
      .with(sent)
      .update(deliveries)
      .set({ sentAt: sql`coalesce(${deliveries.sentAt}, ${sentAt})` })
      .where(inArray(deliveries.id, carried));
    await removeUncarried(tx, channel, everyWord, carried, sentAt);
  });
  return "sent";
}

/**
 * The send's words its message had no room for were never on `channel`: their pending sends on it go, so nothing
 * says they went out that way. When the message went out (`sentAt`), it pointed to them in the app ("+2 more words
 * in the app"), so they are in Today's Learning from then on, as the first channel to reach the user would put them.
 */
async function removeUncarried(
  tx: Transaction,
  channel: DeliveryChannel,
  everyWord: number[],
  carried: number[],
  sentAt: Date | null,
): Promise<void> {
  const uncarried = everyWord.filter((id) => !carried.includes(id));
  if (uncarried.length === 0) return;
  await tx
    .delete(deliverySends)
    .where(and(sendsOf(uncarried, channel), sql`${deliverySends.status} = 'pending'`));
  if (sentAt) {
    await tx
      .update(deliveries)
      .set({ sentAt: sql`coalesce(${deliveries.sentAt}, ${sentAt})` })
      .where(inArray(deliveries.id, uncarried));
  }
}

async function markFailed(
  db: Database,
  channel: DeliveryChannel,
  deliveryIds: number[],
  error: string,
): Promise<void> {
  await db
    .update(deliverySends)
    .set({ status: "failed", nextAttemptAt: null, error })
    .where(sendsOf(deliveryIds, channel));
}
