import { and, asc, eq, gt, inArray, or } from "drizzle-orm";
import { CHANNELS, type ChannelName } from "@shared/channels";
import type { Frequency } from "@shared/constants";
import { allowsChannel, allowsFrequency, wordsPerSendLimit, type PlanHolder } from "@shared/rules/plans";
import type { Transaction } from "@server/db/raw";
import { subscriptions, topics, users } from "@server/db/schema";
import {
  channelOnSql,
  channelSwitchesOf,
  setChannelSwitches,
} from "@server/platform/channels/subscription-channels";
import { nextSlotAfter, type SendWindowOwner } from "@shared/rules/send-window";

/**
 * Billing's side of the subscriptions table: when a plan allows fewer active subscriptions, the extra ones are
 * paused (kept, not delivered); when it allows more again, paused ones resume. Both run inside the caller's
 * transaction, so the plan change and the pausing commit together.
 */
export interface PauseOutcome {
  paused: number[];
  resumed: number[];
}

async function userSubscriptions(tx: Transaction, userId: string) {
  return tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
}

/**
 * Keeps at most `limit` switched-on subscriptions running: `keepSubscriptionId` (when given and running) first,
 * then the oldest; the others are paused. A null limit pauses nothing.
 */
export async function pauseSubscriptionsBeyondLimit(
  tx: Transaction,
  userId: string,
  limit: number | null,
  now: Date,
  keepSubscriptionId: number | null = null,
): Promise<number[]> {
  if (limit === null) return [];
  const running = (await userSubscriptions(tx, userId)).filter(
    (row) => row.active && row.status === "active",
  );
  if (running.length <= limit) return [];
  const ordered = [
    ...running.filter((row) => row.id === keepSubscriptionId),
    ...running.filter((row) => row.id !== keepSubscriptionId),
  ];
  const toPause = ordered.slice(limit).map((row) => row.id);
  await tx
    .update(subscriptions)
    .set({ status: "paused", nextDeliveryAt: null, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.id, toPause)));
  return toPause;
}

/** After an upgrade: resumes paused subscriptions, oldest first, while the plan has room (null: no limit). */
export async function resumePausedSubscriptions(
  tx: Transaction,
  userId: string,
  limit: number | null,
  now: Date,
): Promise<number[]> {
  const rows = await userSubscriptions(tx, userId);
  const paused = rows.filter((row) => row.status === "paused");
  if (paused.length === 0) return [];
  let running = rows.filter((row) => row.active && row.status === "active").length;
  const user = await sendWindowOwner(tx, userId);
  const resumed: number[] = [];
  for (const row of paused) {
    // A switched-off subscription does not count against the limit, so it can always leave the paused state.
    if (row.active && limit !== null && running >= limit) continue;
    const nextDeliveryAt = row.active ? nextSlotAfter(row, user, now) : null;
    await tx
      .update(subscriptions)
      .set({ status: "active", nextDeliveryAt, updatedAt: now })
      .where(eq(subscriptions.id, row.id));
    if (row.active) running += 1;
    resumed.push(row.id);
  }
  return resumed;
}

async function sendWindowOwner(tx: Transaction, userId: string): Promise<SendWindowOwner> {
  const [user] = await tx
    .select({
      timeZone: users.timeZone,
      quietStart: users.quietStart,
      quietEnd: users.quietEnd,
      pausedFrom: users.pausedFrom,
      pausedUntil: users.pausedUntil,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? { timeZone: null, quietStart: null, quietEnd: null, pausedFrom: null, pausedUntil: null };
}

/** What a downgrade did to one subscription's schedule (the user is told, by e-mail and on the dashboard). */
export interface FrequencyChange {
  subscriptionId: number;
  topicName: string;
  previousFrequency: Frequency;
  frequency: Frequency;
  deliveryTime: string;
}

/** Where a frequency the plan no longer allows falls back to: once a day, at the same time of day. */
export const DOWNGRADED_FREQUENCY: Frequency = "daily";

/**
 * After a plan change: every subscription whose frequency the new plan does not allow (hourly on Free, say)
 * falls back to daily at the same delivery time, with its next delivery recomputed. Paused and switched-off
 * subscriptions change too, so resuming them later cannot bring a premium frequency back. Every channel the plan
 * no longer allows (its registry plan rule: SMS today) is switched off the same way; a subscription left with none
 * keeps reaching the user by e-mail. Words per send
 * above the new plan's limit come down to it (on every subscription, for the same reason).
 */
export async function fitSubscriptionsToPlan(
  tx: Transaction,
  userId: string,
  plan: PlanHolder,
  now: Date,
): Promise<FrequencyChange[]> {
  const rows = await tx
    .select({ subscription: subscriptions, topicName: topics.displayName })
    .from(subscriptions)
    .innerJoin(topics, eq(topics.id, subscriptions.topicId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  const withdrawn = CHANNELS.filter((channel) => !allowsChannel(plan, channel)).map(
    (channel) => channel.name,
  );
  if (withdrawn.length > 0) await switchOffChannels(tx, userId, withdrawn, now);
  await clampWordsPerSend(tx, userId, wordsPerSendLimit(plan), now);
  const outOfPlan = rows.filter(
    ({ subscription }) => !allowsFrequency(plan, subscription.frequency as Frequency),
  );
  if (outOfPlan.length === 0) return [];
  const user = await sendWindowOwner(tx, userId);
  const changes: FrequencyChange[] = [];
  for (const { subscription, topicName } of outOfPlan) {
    const running = subscription.active && subscription.status === "active";
    const nextDeliveryAt = running
      ? nextSlotAfter({ ...subscription, frequency: DOWNGRADED_FREQUENCY }, user, now)
      : subscription.nextDeliveryAt;
    await tx
      .update(subscriptions)
      .set({ frequency: DOWNGRADED_FREQUENCY, nextDeliveryAt, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    changes.push({
      subscriptionId: subscription.id,
      topicName,
      previousFrequency: subscription.frequency as Frequency,
      frequency: DOWNGRADED_FREQUENCY,
      deliveryTime: subscription.deliveryTime,
    });
  }
  return changes;
}

async function clampWordsPerSend(tx: Transaction, userId: string, limit: number, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ wordsPerSend: limit, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.wordsPerSend, limit)));
}

/**
 * Turns the `withdrawn` channels off on every subscription of the user; one left with no channel at all goes by
 * e-mail (the spec's channel, on every plan) instead.
 */
async function switchOffChannels(
  tx: Transaction,
  userId: string,
  withdrawn: readonly ChannelName[],
  now: Date,
): Promise<void> {
  const rows = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        or(...withdrawn.map((channel) => channelOnSql(subscriptions.id, channel))),
      ),
    );
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return;
  const switches = await channelSwitchesOf(tx, ids);
  await setChannelSwitches(tx, ids, Object.fromEntries(withdrawn.map((channel) => [channel, false])), now);
  const stranded = ids.filter((id) =>
    Object.entries(switches.get(id)!).every(
      ([channel, on]) => (withdrawn as readonly string[]).includes(channel) || !on,
    ),
  );
  if (stranded.length === 0) return;
  await setChannelSwitches(tx, stranded, { email: true }, now);
  await tx
    .update(subscriptions)
    .set({ deliveryMethod: "email", updatedAt: now })
    .where(inArray(subscriptions.id, stranded));
}
