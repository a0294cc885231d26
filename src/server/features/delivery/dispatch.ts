import { sql, type SQL } from "drizzle-orm";
import type { Frequency } from "@shared/constants";
import type { AppContext } from "@server/context";
import { schedulingWeightsSql } from "@server/features/learning/service";
import { pgArray, queryRows, type Transaction } from "@server/db/raw";
import { nextSlotAfter, sendableAt, type SendWindowOwner } from "@shared/rules/send-window";
import type { SendChannelName } from "@server/platform/channels/delivery-channel";
import { channelOnSql, enabledChannelRowsSql } from "@server/platform/channels/subscription-channels";
import { transactionWithAfterCommit, type AfterCommit } from "@server/platform/events/event-hook";
import { planBatchSends, type MixedSubscription, type PlannedWord } from "./send-plan";
import { nextWordIdSql } from "./word-choice";

interface DueSubscription extends MixedSubscription {
  frequency: Frequency;
  delivery_time: string;
  anchor_date: string;
  quiet_start: string | null;
  quiet_end: string | null;
  paused_from: Date | null;
  paused_until: Date | null;
}

export interface DispatchResult {
  /** Subscriptions whose due slot was handled (and whose next slot was scheduled). */
  claimed: number;
  /** Delivery rows created (one per word of a send; none for a slot held back or with nothing to send). */
  delivered: number;
}

/**
 * Handles one batch of due subscriptions in one transaction: claims them (`FOR UPDATE SKIP LOCKED`, so other
 * workers take other rows), ends the pauses that have run out (spreading their backlog once), holds back a slot
 * that now falls in a pause or quiet hours (to its end), plans each send's mix (due reviews first, within the daily
 * cap, then new words, up to words per send), inserts one delivery per word keyed by (subscription, slot, position)
 * (the unique key turns a repeat into a no-op) with one queued send per switched-on channel, raises "delivered"
 * (subscribers work in this transaction), and moves each to its next slot after now: slots missed while nothing ran
 * collapse into one send. A crash before commit leaves nothing behind; the rows are simply due again.
 */
export async function dispatchDueBatch(
  ctx: AppContext,
  batchSize: number,
  onlyUserId?: string,
): Promise<DispatchResult> {
  const now = ctx.clock.now();
  const userFilter = onlyUserId ? sql`and s.user_id = ${onlyUserId}` : sql``;
  const queueSends = queueSendsSql(ctx, now);
  return transactionWithAfterCommit(ctx.db, ctx.log, async (tx, afterCommit) => {
    // Word choice is a chain of small index probes whose summed estimate over a batch passes jit_above_cost;
    // compiling it costs far more than running it (measured: 4-13x slower dispatch with JIT on).
    await tx.execute(sql`set local jit = off`);
    const due = await queryRows<DueSubscription>(
      tx,
      sql`select s.id, s.user_id, s.topic_id, s.words_per_send, s.frequency, s.delivery_time,
                 s.anchor_date::text as anchor_date, u.time_zone, u.day_starts_at_hour, u.daily_review_cap,
                 u.review_delivery, u.quiet_start, u.quiet_end, u.paused_from, u.paused_until,
                 ${schedulingWeightsSql(sql`u.fsrs_weights`)} as fsrs_weights
          from subscriptions s join users u on u.id = s.user_id
          where s.active and s.status = 'active' and s.next_delivery_at <= ${now} ${userFilter}
          order by s.next_delivery_at
          limit ${batchSize}
          for update of s skip locked`,
    );
    if (due.length === 0) return { claimed: 0, delivered: 0 };

    const owners = await sendWindowOwners(ctx, tx, due, now, afterCommit);
    const heldUntil = new Map<number, Date>();
    for (const row of due) {
      const sendable = sendableAt(scheduledOf(row), owners.get(row.user_id)!, now);
      if (sendable.getTime() > now.getTime()) heldUntil.set(row.id, sendable);
    }
    const planned = await planBatchSends(
      tx,
      due.filter((row) => !heldUntil.has(row.id)),
      now,
    );

    const inserted: InsertedRow[] = [];
    for (const round of insertRounds(planned)) {
      inserted.push(...(await queryRows<InsertedRow>(tx, insertDeliveriesSql(round, now, queueSends))));
    }
    await raiseDelivered(ctx, tx, inserted, afterCommit);

    const ids = pgArray(due.map((row) => row.id));
    const nextSlots = nextSlotsAfter(due, owners, heldUntil, now);
    await tx.execute(
      sql`update subscriptions s set next_delivery_at = v.next_at
          from unnest(${ids}::int[], ${pgArray(nextSlots)}::timestamptz[]) as v(id, next_at)
          where s.id = v.id`,
    );
    if (heldUntil.size > 0 || inserted.length < due.length) {
      ctx.log.debug(
        { claimed: due.length, heldBack: heldUntil.size, delivered: inserted.length },
        "some due slots produced no delivery",
      );
    }
    return { claimed: due.length, delivered: inserted.length };
  });
}

/** "Delivered" for a batch's new rows (subscribers work in the transaction that made them). */
export async function raiseDelivered(
  ctx: AppContext,
  tx: Transaction,
  inserted: readonly InsertedRow[],
  afterCommit: AfterCommit,
): Promise<void> {
  if (inserted.length === 0) return;
  await ctx.events.delivered.raise(
    tx,
    {
      deliveries: inserted.map((row) => ({
        id: row.id,
        userId: row.user_id,
        subscriptionId: row.subscription_id,
        topicId: row.topic_id,
        wordId: row.word_id,
        source: "scheduled",
        inApp: row.in_app,
      })),
    },
    afterCommit,
  );
}

const scheduledOf = (row: DueSubscription) => ({
  frequency: row.frequency,
  deliveryTime: row.delivery_time,
  anchorDate: row.anchor_date,
});

/**
 * Each user's quiet hours and pause, as they hold for this batch. A pause that has run out ends here, once per user
 * (`pauseElapsed`: preferences clears it and spreads its backlog over the following days), before any of their words
 * is planned. Another worker (or a
 * Settings change) holding the user's row just means this batch goes on without waiting: the pause is over either
 * way, and whoever holds the row, or the next batch, ends it.
 */
async function sendWindowOwners(
  ctx: AppContext,
  tx: Transaction,
  due: readonly DueSubscription[],
  now: Date,
  afterCommit: AfterCommit,
): Promise<Map<string, SendWindowOwner>> {
  const owners = new Map<string, SendWindowOwner>();
  for (const row of due) {
    if (owners.has(row.user_id)) continue;
    const pausedUntil = row.paused_until && new Date(row.paused_until);
    const over = pausedUntil !== null && pausedUntil.getTime() <= now.getTime();
    if (over) await ctx.events.pauseElapsed.raise(tx, { userId: row.user_id, now }, afterCommit);
    owners.set(row.user_id, {
      timeZone: row.time_zone,
      quietStart: row.quiet_start,
      quietEnd: row.quiet_end,
      pausedFrom: over ? null : row.paused_from && new Date(row.paused_from),
      pausedUntil: over ? null : pausedUntil,
    });
  }
  return owners;
}

/**
 * The planned words split into statements. One statement cannot see its own rows, so two new words picked for one
 * user in one statement could be the same text (two positions of one send, or two topics listing it: the
 * cross-topic rule): each user's n-th new word goes in the n-th statement. Reviews name their word and go in the
 * first. With one word per send that is a single statement, as before.
 */
export function insertRounds(planned: readonly PlannedWord[]): PlannedWord[][] {
  const rounds: PlannedWord[][] = [];
  const newWordsPerUser = new Map<string, number>();
  for (const word of planned) {
    let round = 0;
    if (word.kind === "new") {
      round = newWordsPerUser.get(word.userId) ?? 0;
      newWordsPerUser.set(word.userId, round + 1);
    }
    (rounds[round] ??= []).push(word);
  }
  return rounds;
}

/** Whether the subscription `s` shows its words in the app: a delivery row is then its notification, read-ready. */
const IN_APP_ON = channelOnSql(sql`s.id`, "in_app");

/**
 * Where a send's deliveries come from: a subscription's scheduled slot, or the learner's daily review (one message
 * for all their subscriptions' due reviews). Each has its own unique key, so neither can take the other's place.
 */
export type SendSource = "scheduled" | "daily_review";

/**
 * Inserts one round's deliveries (a new word's pick happens here) and queues their sends, in one statement. `slotAt`
 * is the slot the send fills: the subscription's due slot, or a daily review's instant.
 */
export const insertDeliveriesSql = (
  round: readonly PlannedWord[],
  now: Date,
  queueSends: SQL,
  { slotAt = sql`s.next_delivery_at`, source = "scheduled" }: { slotAt?: SQL; source?: SendSource } = {},
): SQL => sql`
  with inserted as (
    insert into deliveries (user_id, subscription_id, topic_id, word_id, slot_at, slot_position, kind, source,
                            delivery_method, in_app, sent_at, created_at)
    select s.user_id, s.id, s.topic_id, pick.word_id, ${slotAt}, v.slot_position, v.kind, ${source},
           s.delivery_method, ${IN_APP_ON},
           case when ${IN_APP_ON} then ${now}::timestamptz end,
           ${now}
    from unnest(${pgArray(round.map((word) => word.subscriptionId))}::int[],
                ${pgArray(round.map((word) => word.position))}::smallint[],
                ${pgArray(round.map((word) => word.kind))}::text[],
                ${pgArray(round.map((word) => word.wordId))}::int[]) with ordinality as v(subscription_id, slot_position, kind, word_id, ord)
    join subscriptions s on s.id = v.subscription_id
    cross join lateral (select coalesce(v.word_id, ${nextWordIdSql(sql`s.user_id`, sql`s.topic_id`, sql`s.level`)}) as word_id offset 0) pick
    where pick.word_id is not null
    order by v.ord -- ids in send order, so History lists a send's words as planned
    on conflict (subscription_id, slot_at, slot_position) where source = ${sql.raw(`'${source}'`)} do nothing
    returning id, user_id, subscription_id, topic_id, word_id, in_app)
  ${queueSends}
  select id, user_id, subscription_id, topic_id, word_id, in_app from inserted`;

export interface InsertedRow {
  id: number;
  user_id: string;
  subscription_id: number;
  topic_id: number;
  word_id: number;
  in_app: boolean;
}

/**
 * The CTE (after `inserted`) that queues a `delivery_sends` row for each of `channels` (by default every registered
 * one) whose switch is on in the delivery's subscription; empty when none is registered.
 */
export function queueSendsSql(
  ctx: AppContext,
  now: Date,
  channels: readonly SendChannelName[] = [...ctx.channels.keys()],
): SQL {
  if (channels.length === 0) return sql``;
  return sql`, queued as (
    insert into delivery_sends (delivery_id, channel, next_attempt_at, created_at)
    select i.id, c.channel, ${now}::timestamptz, ${now}::timestamptz
    from inserted i
    join ${enabledChannelRowsSql(channels)} c on c.subscription_id = i.subscription_id)`;
}

/**
 * Next slots for a batch (`nextSlotAfter`, the one rule), or the instant a held-back slot may go; many rows share a
 * schedule, so each is computed once.
 */
function nextSlotsAfter(
  due: readonly DueSubscription[],
  owners: ReadonlyMap<string, SendWindowOwner>,
  heldUntil: ReadonlyMap<number, Date>,
  now: Date,
): string[] {
  const memo = new Map<string, string>();
  return due.map((row) => {
    const held = heldUntil.get(row.id);
    if (held) return held.toISOString();
    const owner = owners.get(row.user_id)!;
    const key = [
      row.frequency,
      row.delivery_time,
      row.anchor_date,
      owner.timeZone,
      owner.quietStart,
      owner.quietEnd,
      owner.pausedFrom?.getTime(),
      owner.pausedUntil?.getTime(),
    ].join("|");
    let next = memo.get(key);
    if (next === undefined) {
      next = nextSlotAfter(scheduledOf(row), owner, now).toISOString();
      memo.set(key, next);
    }
    return next;
  });
}
