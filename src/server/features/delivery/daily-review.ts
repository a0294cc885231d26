import { sql } from "drizzle-orm";
import { dailyReviewChannelNames } from "@shared/channels";
import type { AppContext } from "@server/context";
import { schedulingWeightsSql } from "@server/features/learning/service";
import { pgArray, queryRows } from "@server/db/raw";
import {
  dailyReviewSchedule,
  nextDailyReviewAfter,
  sendableAt,
  type SendWindowOwner,
} from "@shared/rules/send-window";
import { transactionWithAfterCommit } from "@server/platform/events/event-hook";
import {
  insertDeliveriesSql,
  insertRounds,
  queueSendsSql,
  raiseDelivered,
  type InsertedRow,
} from "./dispatch";
import { planBatchSends, type MixedSubscription } from "./send-plan";

interface DueDailyReview extends SendWindowOwner {
  userId: string;
  dailyReviewTime: string;
  reviewDelivery: string;
  /** The claimed occurrence: the slot its deliveries fill, so a repeat of it is a no-op. */
  slotAt: Date;
}

/**
 * The daily review (issue 22): for learners who take their reviews in one message a day, claims the users whose
 * review time has come (`next_daily_review_at`, `FOR UPDATE SKIP LOCKED`, as the dispatcher claims subscriptions),
 * holds back one that now falls in a pause or quiet hours (to its end), and sends the due reviews of all their
 * running subscriptions with the send mix's own rules (`planBatchSends` with no new words: the same cap, most at
 * risk first) as review deliveries keyed by (subscription, the claimed instant, position), so a second run of the
 * same occurrence (another worker, a restart) inserts nothing. The message goes by e-mail where the subscription
 * e-mails (the learner's primary channel; in-app as the subscription says). Then the next occurrence is planned.
 */
export async function sendDueDailyReviewBatch(
  ctx: AppContext,
  batchSize: number,
  onlyUserId?: string,
): Promise<{ claimed: number; delivered: number }> {
  const now = ctx.clock.now();
  const userFilter = onlyUserId ? sql`and u.id = ${onlyUserId}` : sql``;
  return transactionWithAfterCommit(ctx.db, ctx.log, async (tx, afterCommit) => {
    await tx.execute(sql`set local jit = off`);
    const due = (
      await queryRows<{
        user_id: string;
        time_zone: string | null;
        quiet_start: string | null;
        quiet_end: string | null;
        paused_from: string | Date | null;
        paused_until: string | Date | null;
        daily_review_time: string;
        review_delivery: string;
        next_daily_review_at: string | Date;
      }>(
        tx,
        sql`select u.id as user_id, u.time_zone, u.quiet_start, u.quiet_end, u.paused_from, u.paused_until,
                   u.daily_review_time, u.review_delivery, u.next_daily_review_at
            from users u
            where u.next_daily_review_at <= ${now} ${userFilter}
            order by u.next_daily_review_at
            limit ${batchSize}
            for update of u skip locked`,
      )
    ).map((row): DueDailyReview => ({
      userId: row.user_id,
      timeZone: row.time_zone,
      quietStart: row.quiet_start,
      quietEnd: row.quiet_end,
      pausedFrom: row.paused_from === null ? null : new Date(row.paused_from),
      pausedUntil: row.paused_until === null ? null : new Date(row.paused_until),
      dailyReviewTime: row.daily_review_time,
      reviewDelivery: row.review_delivery,
      slotAt: new Date(row.next_daily_review_at),
    }));
    if (due.length === 0) return { claimed: 0, delivered: 0 };

    const next = new Map<string, Date | null>();
    const sendingNow: DueDailyReview[] = [];
    for (const user of due) {
      const sendable = sendableAt(dailyReviewSchedule(user.dailyReviewTime), user, now);
      if (sendable.getTime() > now.getTime()) next.set(user.userId, sendable);
      else {
        sendingNow.push(user);
        next.set(user.userId, nextDailyReviewAfter(user, now));
      }
    }

    const inserted: InsertedRow[] = [];
    if (sendingNow.length > 0) {
      const subscriptions = await queryRows<MixedSubscription>(
        tx,
        // No new words, and the reviews ride along: this message is where the learner wants them.
        sql`select s.id, s.user_id, s.topic_id, 0 as words_per_send, u.time_zone, u.day_starts_at_hour,
                   u.daily_review_cap, 'with_words' as review_delivery,
                   ${schedulingWeightsSql(sql`u.fsrs_weights`)} as fsrs_weights
            from subscriptions s join users u on u.id = s.user_id
            where s.user_id = any(${pgArray(sendingNow.map((user) => user.userId))}::text[])
              and s.active and s.status = 'active'
            order by s.id`,
      );
      const slotOf = new Map(sendingNow.map((user) => [user.userId, user.slotAt.toISOString()]));
      const planned = await planBatchSends(tx, subscriptions, now);
      const queueSends = queueSendsSql(
        ctx,
        now,
        [...ctx.channels.keys()].filter((name) => dailyReviewChannelNames().includes(name)),
      );
      for (const round of insertRounds(planned)) {
        const slots = pgArray(round.map((word) => slotOf.get(word.userId)!));
        const slotAt = sql`(${slots}::timestamptz[])[v.ord]`;
        inserted.push(
          ...(await queryRows<InsertedRow>(
            tx,
            insertDeliveriesSql(round, now, queueSends, { slotAt, source: "daily_review" }),
          )),
        );
      }
      await raiseDelivered(ctx, tx, inserted, afterCommit);
    }

    await tx.execute(
      sql`update users u set next_daily_review_at = v.next_at
          from unnest(${pgArray([...next.keys()])}::text[],
                      ${pgArray([...next.values()].map((at) => at?.toISOString() ?? null))}::timestamptz[])
               as v(id, next_at)
          where u.id = v.id`,
    );
    return { claimed: due.length, delivered: inserted.length };
  });
}
