import { and, asc, count, eq, inArray } from "drizzle-orm";
import type {
  CreateSubscriptionRequest,
  EditSubscriptionRequest,
  Subscription,
} from "@shared/api/subscriptions";
import {
  SELECT_DELIVERY_METHOD_MESSAGE,
  SELECT_TOPIC_MESSAGE,
  TOPIC_CANNOT_CHANGE_MESSAGE,
  requestedSwitches,
} from "@shared/api/subscriptions";
import type { ChannelDeclaration } from "@shared/channels";
import {
  DEFAULT_SUBSCRIPTION_LEVEL,
  WORDS_PER_SEND_DEFAULT,
  type DeliveryMethod,
  type Frequency,
  type SubscriptionStatus,
  type WordLevel,
} from "@shared/constants";
import { deliveryMethodFor, storedDeliveryTime } from "@shared/rules/frequencies";
import { checkPlanAllows, checkWordsPerSend, type PlanRuleViolation } from "@shared/rules/plans";
import { localDateOf } from "@shared/rules/schedule";
import type { AppContext } from "@server/context";
import type { Executor, Transaction } from "@server/db/raw";
import { subscriptions, topics, users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import {
  ALL_CHANNELS_OFF,
  channelSwitchesOf,
  channelSwitchesOfOne,
  setChannelSwitches,
  type ChannelSwitches,
} from "@server/platform/channels/subscription-channels";
import { badRequest, conflict, forbidden, notFound } from "@server/platform/errors/app-error";
import { nextSlotAfter, type SendWindowOwner } from "@shared/rules/send-window";

export * from "./pausing";
export * from "./send-slots";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type TopicRow = typeof topics.$inferSelect;

const SUBSCRIPTION_NOT_FOUND = "Subscription not found";

const deliverable = (row: Pick<SubscriptionRow, "active" | "status">) =>
  row.active && row.status === "active";

/** The next slot from now for a row that is deliverable, else null (nothing is scheduled while off or paused). */
function nextDeliveryFor(
  row: Pick<SubscriptionRow, "active" | "status" | "frequency" | "deliveryTime" | "anchorDate">,
  user: SendWindowOwner,
  now: Date,
): Date | null {
  return deliverable(row) ? nextSlotAfter(row, user, now) : null;
}

function toDto(
  declared: readonly ChannelDeclaration[],
  row: SubscriptionRow,
  topic: TopicRow,
  switches: ChannelSwitches,
): Subscription {
  return {
    id: row.id,
    topicId: row.topicId,
    topic: {
      name: topic.name,
      displayName: topic.displayName,
      description: topic.description,
      category: topic.category,
      icon: topic.icon,
    },
    frequency: row.frequency as Frequency,
    deliveryMethod: row.deliveryMethod as DeliveryMethod,
    emailEnabled: switches.email,
    inAppEnabled: switches.in_app,
    smsEnabled: switches.sms,
    pushEnabled: switches.push,
    channels: declared.map(({ name }) => ({ channel: name, enabled: switches[name] ?? false })),
    deliveryTime: row.deliveryTime,
    level: row.level as WordLevel,
    wordsPerSend: row.wordsPerSend,
    active: row.active,
    status: row.status as SubscriptionStatus,
    nextDelivery: row.nextDeliveryAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSubscriptions(ctx: AppContext, userId: string): Promise<Subscription[]> {
  const rows = await ctx.db
    .select({ subscription: subscriptions, topic: topics })
    .from(subscriptions)
    .innerJoin(topics, eq(topics.id, subscriptions.topicId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  const switches = await channelSwitchesOf(
    ctx.db,
    rows.map((row) => row.subscription.id),
  );
  return rows.map((row) =>
    toDto(ctx.declaredChannels, row.subscription, row.topic, switches.get(row.subscription.id)!),
  );
}

/** Active subscriptions as the plan rules count them: switched on and not paused. */
export async function countActiveSubscriptions(
  db: Executor & Pick<AppContext["db"], "select">,
  userId: string,
) {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.active, true),
        eq(subscriptions.status, "active"),
      ),
    );
  return row?.n ?? 0;
}

/** Serializes one user's subscription changes, so two concurrent creates cannot both pass the plan limit. */
async function lockUser(tx: Transaction, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw notFound("User not found");
  return user;
}

function refuse(violation: PlanRuleViolation | null): void {
  if (violation) {
    const { message, code, ...details } = violation;
    throw forbidden(message, code, details);
  }
}

/** The declarations of the channels `switches` has on (every channel's plan rule is checked, a new one's too). */
export const enabledChannels = (
  declared: readonly ChannelDeclaration[],
  switches: Readonly<Record<string, boolean | undefined>>,
): ChannelDeclaration[] => declared.filter((channel) => switches[channel.name] === true);

function enforcePlan(
  ctx: AppContext,
  user: UserRow,
  settings: { frequency: Frequency; switches: ChannelSwitches; wordsPerSend?: number | undefined },
  activeSubscriptions: number,
  adding: boolean,
): void {
  const { frequency, wordsPerSend } = settings;
  const channels = enabledChannels(ctx.declaredChannels, settings.switches);
  refuse(checkPlanAllows(user, { frequency, channels, wordsPerSend, activeSubscriptions, adding }));
}

async function findOwn(tx: Executor & Pick<AppContext["db"], "select">, userId: string, id: number) {
  const [row] = await tx
    .select({ subscription: subscriptions, topic: topics })
    .from(subscriptions)
    .innerJoin(topics, eq(topics.id, subscriptions.topicId))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return { ...row, switches: await channelSwitchesOfOne(tx, row.subscription.id) };
}

/** The caller's own subscription (another user's id is simply not found). */
export async function getOwnSubscription(ctx: AppContext, userId: string, id: number): Promise<Subscription> {
  const row = await findOwn(ctx.db, userId, id);
  return toDto(ctx.declaredChannels, row.subscription, row.topic, row.switches);
}

export async function createSubscription(
  ctx: AppContext,
  userId: string,
  input: CreateSubscriptionRequest,
): Promise<Subscription> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const [topic] = await tx.select().from(topics).where(eq(topics.id, input.topicId));
    if (!topic) throw badRequest(SELECT_TOPIC_MESSAGE, "VALIDATION_ERROR");
    const [existing] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.topicId, input.topicId)));
    if (existing) throw conflict("You are already subscribed to this topic.", "ALREADY_SUBSCRIBED");
    const { switches, deliveryMethod } = channels(input, ALL_CHANNELS_OFF);
    enforcePlan(
      ctx,
      user,
      { frequency: input.frequency, switches, wordsPerSend: input.wordsPerSend },
      await countActiveSubscriptions(tx, userId),
      true,
    );

    const now = ctx.clock.now();
    const settings = {
      frequency: input.frequency,
      deliveryTime: storedDeliveryTime(input.frequency, input.deliveryTime),
      active: true,
      status: "active",
      anchorDate: localDateOf(now, user.timeZone),
    };
    const [row] = await tx
      .insert(subscriptions)
      .values({
        userId,
        topicId: topic.id,
        level: input.level ?? DEFAULT_SUBSCRIPTION_LEVEL,
        wordsPerSend: input.wordsPerSend ?? WORDS_PER_SEND_DEFAULT,
        ...settings,
        deliveryMethod,
        nextDeliveryAt: nextDeliveryFor(settings, user, now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await setChannelSwitches(tx, [row!.id], switches, now);
    return toDto(ctx.declaredChannels, row!, topic, switches);
  });
}

/**
 * The stored channel switches: those the body names (its `channels` list and the per-channel fields), the others as
 * `current` (off on creation, unchanged on an edit). deliveryMethod describes e-mail and in-app as the spec defines
 * it; with both off (SMS or push alone) it reads "in_app", the method of a word that does not come by e-mail.
 */
function channels(
  input: Parameters<typeof requestedSwitches>[0],
  current: ChannelSwitches,
): { switches: ChannelSwitches; deliveryMethod: DeliveryMethod } {
  const switches: ChannelSwitches = { ...current, ...requestedSwitches(input) };
  if (!Object.values(switches).some(Boolean)) {
    throw badRequest(SELECT_DELIVERY_METHOD_MESSAGE, "VALIDATION_ERROR");
  }
  return { switches, deliveryMethod: deliveryMethodFor(switches.email, switches.in_app) ?? "in_app" };
}

/** PATCH with the full form: new frequency, channels and time (and optionally the switch); never a new topic. */
export async function editSubscription(
  ctx: AppContext,
  userId: string,
  id: number,
  input: EditSubscriptionRequest,
): Promise<Subscription> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const { subscription, topic, switches: current } = await findOwn(tx, userId, id);
    if (input.topicId !== undefined && input.topicId !== subscription.topicId) {
      throw badRequest(TOPIC_CANNOT_CHANGE_MESSAGE, "TOPIC_CANNOT_CHANGE");
    }
    const active = input.active ?? subscription.active;
    const becomesActive = active && !subscription.active && subscription.status === "active";
    const { switches, deliveryMethod } = channels(input, current);
    if (active && subscription.status === "active") {
      enforcePlan(
        ctx,
        user,
        { frequency: input.frequency, switches, wordsPerSend: input.wordsPerSend },
        await countActiveSubscriptions(tx, userId),
        becomesActive,
      );
    } else if (input.wordsPerSend !== undefined) {
      // Checked on switched-off and paused ones too: switching back on does not re-check words per send.
      refuse(checkWordsPerSend(user, input.wordsPerSend));
    }
    const now = ctx.clock.now();
    const settings = {
      frequency: input.frequency,
      deliveryTime: storedDeliveryTime(input.frequency, input.deliveryTime),
      active,
      status: subscription.status,
      anchorDate: subscription.anchorDate,
    };
    const [row] = await tx
      .update(subscriptions)
      .set({
        ...settings,
        deliveryMethod,
        ...(input.level === undefined ? {} : { level: input.level }),
        ...(input.wordsPerSend === undefined ? {} : { wordsPerSend: input.wordsPerSend }),
        nextDeliveryAt: nextDeliveryFor(settings, user, now),
        updatedAt: now,
      })
      .where(eq(subscriptions.id, id))
      .returning();
    await setChannelSwitches(tx, [id], switches, now);
    return toDto(ctx.declaredChannels, row!, topic, switches);
  });
}

/** The active switch. Turning it on schedules from now: slots missed while off are not delivered. */
export async function setSubscriptionActive(
  ctx: AppContext,
  userId: string,
  id: number,
  active: boolean,
): Promise<Subscription> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const { subscription, topic, switches } = await findOwn(tx, userId, id);
    if (active && !subscription.active && subscription.status === "active") {
      enforcePlan(
        ctx,
        user,
        { frequency: subscription.frequency as Frequency, switches },
        await countActiveSubscriptions(tx, userId),
        true,
      );
    }
    if (active === subscription.active) return toDto(ctx.declaredChannels, subscription, topic, switches);
    const now = ctx.clock.now();
    const [row] = await tx
      .update(subscriptions)
      .set({
        active,
        nextDeliveryAt: nextDeliveryFor({ ...subscription, active }, user, now),
        updatedAt: now,
      })
      .where(eq(subscriptions.id, id))
      .returning();
    return toDto(ctx.declaredChannels, row!, topic, switches);
  });
}

export async function deleteSubscription(ctx: AppContext, userId: string, id: number): Promise<void> {
  const removed = await ctx.db
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .returning({ id: subscriptions.id });
  if (removed.length === 0) throw notFound(SUBSCRIPTION_NOT_FOUND);
}

/**
 * Billing's switch (downgrades pause the subscriptions a plan no longer allows; upgrades resume them).
 * Paused subscriptions keep their settings and get no slots; resuming schedules from now.
 */
export async function setSubscriptionStatus(
  ctx: AppContext,
  userId: string,
  subscriptionIds: number[],
  status: SubscriptionStatus,
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.id, subscriptionIds)));
    const now = ctx.clock.now();
    for (const row of rows) {
      if (row.status === status) continue;
      await tx
        .update(subscriptions)
        .set({
          status,
          nextDeliveryAt: nextDeliveryFor({ ...row, status }, user, now),
          updatedAt: now,
        })
        .where(eq(subscriptions.id, row.id));
    }
  });
}

/** One-click unsubscribe: e-mail off for that subscription; it keeps arriving in the app (as the spec's
 * 'Disable Email' does). Returns the topic's display name, or null for an unknown subscription. */
export async function turnOffSubscriptionEmail(
  ctx: AppContext,
  subscriptionLinkId: string,
): Promise<string | null> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(subscriptions)
      .set({ deliveryMethod: "in_app", updatedAt: now })
      .where(eq(subscriptions.linkId, subscriptionLinkId))
      .returning({ id: subscriptions.id, topicId: subscriptions.topicId });
    if (updated) await setChannelSwitches(tx, [updated.id], { email: false, in_app: true }, now);
    return updated;
  });
  if (!row) return null;
  const [topic] = await ctx.db
    .select({ displayName: topics.displayName })
    .from(topics)
    .where(eq(topics.id, row.topicId));
  return topic?.displayName ?? "";
}
