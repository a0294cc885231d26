import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "@server/context";
import { deliveries, subscriptions, users } from "@server/db/schema";
import { queryRows } from "@server/db/raw";
import { conflict } from "@server/platform/errors/app-error";
import { transactionWithAfterCommit } from "@server/platform/events/event-hook";
import { sendNow, type SendOutcome } from "./sender";
import { verifyOpenToken } from "./signed-links";
import { nextWordIdSql } from "./word-choice";

export { deliverNow } from "./deliver-now";
export { dispatchAllDue, dispatchJob, runSchedulerOnce, senderJob } from "./scheduler";
export { unsubscribeUrl, verifyDailyReviewUnsubscribeToken, verifyUnsubscribeToken } from "./signed-links";

/**
 * The user's subscriptions whose topic has no new word left for them: the same probe the dispatcher and the demo
 * send use to choose the next word (`nextWordIdSql`), which finds nothing.
 */
export async function exhaustedSubscriptionIds(ctx: AppContext, userId: string): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        sql`${nextWordIdSql(sql`${userId}`, sql`${subscriptions.topicId}`, sql`${subscriptions.level}`)} is null`,
      ),
    )
    .orderBy(subscriptions.id);
  return rows.map((row) => row.id);
}

export interface DemoTarget {
  userId: string;
  subscriptionId: number;
  topicId: number;
  /** The subscription's library level, taken first. */
  level: number;
}

/**
 * E-mails the next word of a subscription's topic to its owner now, recorded in history with source "demo".
 * Returns the outcome of the first attempt (a temporary failure stays queued and is retried like any e-mail).
 */
export async function sendDemo(
  ctx: AppContext,
  target: DemoTarget,
): Promise<{ outcome: SendOutcome; error: string | null }> {
  const email = ctx.channels.get("email");
  if (!email) throw conflict("E-mail is not set up on this server.", "CHANNEL_UNAVAILABLE");
  const now = ctx.clock.now();
  const created = await transactionWithAfterCommit(ctx.db, ctx.log, async (tx, afterCommit) => {
    const [row] = await queryRows<{ id: number; word_id: number }>(
      tx,
      sql`with inserted as (
            insert into deliveries (user_id, subscription_id, topic_id, word_id, slot_at, source, delivery_method,
                                    in_app, created_at)
            select ${target.userId}, ${target.subscriptionId}, ${target.topicId}, pick.word_id, ${now}, 'demo',
                   'email', false, ${now}
            from (select ${nextWordIdSql(sql`${target.userId}`, sql`${target.topicId}::int`, sql`${target.level}::int`)} as word_id) pick
            where pick.word_id is not null
            returning id, word_id),
          queued as (
            insert into delivery_sends (delivery_id, channel, next_attempt_at, created_at)
            select id, 'email', ${now}, ${now} from inserted)
          select id, word_id from inserted`,
    );
    // Demos send new words only; a topic whose words the admin has all received has none left for them.
    if (!row) throw conflict("This topic has no new words left to send you.", "TOPIC_EMPTY");
    await ctx.events.delivered.raise(
      tx,
      {
        deliveries: [
          {
            id: row.id,
            userId: target.userId,
            subscriptionId: target.subscriptionId,
            topicId: target.topicId,
            wordId: row.word_id,
            source: "demo",
            inApp: false,
          },
        ],
      },
      afterCommit,
    );
    return row;
  });
  return (await sendNow(ctx, email, created.id)) ?? { outcome: "sent", error: null };
}

/**
 * The learner a daily review e-mail was sent to, from the delivery link id its verified unsubscribe token names
 * (`verifyDailyReviewUnsubscribeToken`), or null for a delivery that is gone.
 */
export async function dailyReviewUnsubscriber(
  ctx: AppContext,
  deliveryLinkId: string,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ userId: deliveries.userId })
    .from(deliveries)
    .where(eq(deliveries.linkId, deliveryLinkId));
  return row?.userId ?? null;
}

/**
 * Records that a user followed an e-mail's signed link into the app: marks that delivery opened, if it is theirs.
 * A link we did not sign, or someone else's, changes nothing (and says nothing about why).
 */
export async function recordEmailOpened(ctx: AppContext, userId: string, token: string): Promise<void> {
  const deliveryLinkId = verifyOpenToken(ctx.config, token);
  if (deliveryLinkId === null) return;
  await ctx.db
    .update(deliveries)
    .set({ openedAt: ctx.clock.now() })
    .where(
      and(eq(deliveries.linkId, deliveryLinkId), eq(deliveries.userId, userId), isNull(deliveries.openedAt)),
    );
}

/**
 * Where an e-mail's "Open in Jargon" link lands: the History day the word was delivered on (in its user's zone, as
 * History's date filter reads it) and its entry; null for a link we did not sign or a delivery that is gone.
 * Reads only: mail scanners follow the link first.
 */
export async function openLinkLanding(
  ctx: AppContext,
  token: string,
): Promise<{ date: string; entryId: number } | null> {
  const deliveryLinkId = verifyOpenToken(ctx.config, token);
  if (deliveryLinkId === null) return null;
  const [row] = await ctx.db
    .select({ id: deliveries.id, createdAt: deliveries.createdAt, timeZone: users.timeZone })
    .from(deliveries)
    .innerJoin(users, eq(users.id, deliveries.userId))
    .where(eq(deliveries.linkId, deliveryLinkId));
  if (!row) return null;
  return {
    date: format(new TZDate(row.createdAt.getTime(), row.timeZone ?? "UTC"), "yyyy-MM-dd"),
    entryId: row.id,
  };
}
