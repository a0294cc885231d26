import { sql } from "drizzle-orm";
import { endOfUserDay, startOfUserDay, userDayOf, type UserDayClock } from "@shared/rules/learning/day-start";
import { planSend } from "@shared/rules/learning/send-mix";
import { pgArray, queryRows, type Executor } from "@server/db/raw";

/** A claimed subscription, with what its send mix depends on. */
export interface MixedSubscription {
  id: number;
  user_id: string;
  topic_id: number;
  words_per_send: number;
  time_zone: string | null;
  day_starts_at_hour: number;
  daily_review_cap: number;
}

/** One word of a send: a review names its word; a new word (null) is left to the word choice, at insert time. */
export interface PlannedWord {
  subscriptionId: number;
  userId: string;
  position: number;
  kind: "new" | "review";
  wordId: number | null;
}

const clockOf = (row: MixedSubscription): UserDayClock => ({
  timeZone: row.time_zone,
  dayStartHour: row.day_starts_at_hour,
});

/**
 * What each claimed subscription sends now (decision 004, `planSend`): its topic's due reviews, most overdue first,
 * within the user's daily review cap (the reviews already sent in their day count, and so do the ones planned for
 * their other subscriptions in this batch), then new words up to words per send. Subscriptions come in claim order,
 * so the cap goes to the most overdue slot first.
 */
export async function planBatchSends(
  tx: Executor,
  rows: readonly MixedSubscription[],
  now: Date,
): Promise<PlannedWord[]> {
  const candidates = await dueReviewCandidates(tx, rows, now);
  const reviewers = rows.filter((row) => candidates.has(row.id));
  const sentToday = await reviewsSentToday(tx, reviewers, now);
  const planned: PlannedWord[] = [];
  for (const row of rows) {
    const mix = planSend({
      reviews: candidates.get(row.id) ?? [],
      // The word choice finds out at insert time whether the topic has that many new words left.
      newWordsAvailable: row.words_per_send,
      wordsPerSend: row.words_per_send,
      reviewsSentToday: sentToday.get(row.user_id) ?? 0,
      dailyReviewCap: row.daily_review_cap,
      now,
      clock: clockOf(row),
    });
    sentToday.set(row.user_id, (sentToday.get(row.user_id) ?? 0) + mix.reviews.length);
    const base = { subscriptionId: row.id, userId: row.user_id };
    mix.reviews.forEach((wordId, position) => planned.push({ ...base, position, kind: "review", wordId }));
    for (let index = 0; index < mix.newWords; index++)
      planned.push({ ...base, position: mix.reviews.length + index, kind: "new", wordId: null });
  }
  return planned;
}

/**
 * Per subscription, up to words-per-send of its topic's cards that may go out as reviews now (by word id): due by
 * the end of the user's day, not known, the word not withdrawn, most overdue first (one probe of
 * cards_user_topic_due_idx each). A card already re-sent since it was last graded (or introduced) waits for its
 * grade: re-sending the same unanswered word at every slot would crowd out everything else, and /review still
 * lists it.
 */
async function dueReviewCandidates(
  tx: Executor,
  rows: readonly MixedSubscription[],
  now: Date,
): Promise<Map<number, { id: number; due: Date }[]>> {
  const dueBy = memoByClock(rows, (clock) => endOfUserDay(now, clock).toISOString());
  const found = await queryRows<{ subscription_id: number; word_id: number; due: string | Date }>(
    tx,
    sql`select v.subscription_id, c.word_id, c.due
        from unnest(${pgArray(rows.map((row) => row.id))}::int[], ${pgArray(rows.map((row) => row.user_id))}::text[],
                    ${pgArray(rows.map((row) => row.topic_id))}::int[], ${pgArray(dueBy)}::timestamptz[],
                    ${pgArray(rows.map((row) => row.words_per_send))}::int[])
             as v(subscription_id, user_id, topic_id, due_by, words_per_send)
        cross join lateral (
          select c.word_id, c.due from cards c
          where c.user_id = v.user_id and c.topic_id = v.topic_id and c.known_at is null and c.due < v.due_by
            and c.state <> 'new'
            and exists (select 1 from words w where w.id = c.word_id and w.deleted_at is null)
            and not exists (select 1 from deliveries d
                            where d.user_id = c.user_id and d.topic_id = c.topic_id and d.word_id = c.word_id
                              and d.created_at > coalesce(c.last_review, c.created_at))
          order by c.due, c.id
          limit v.words_per_send) c`,
  );
  const bySubscription = new Map<number, { id: number; due: Date }[]>();
  for (const row of found) {
    const list = bySubscription.get(row.subscription_id) ?? [];
    list.push({ id: row.word_id, due: new Date(row.due) });
    bySubscription.set(row.subscription_id, list);
  }
  return bySubscription;
}

/** Reviews already sent to each user in their current day (`deliveries.kind = 'review'` since its start). */
async function reviewsSentToday(
  tx: Executor,
  rows: readonly MixedSubscription[],
  now: Date,
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const dayStart = memoByClock(rows, (clock) => startOfUserDay(userDayOf(now, clock), clock).toISOString());
  const counts = await queryRows<{ user_id: string; sent: number }>(
    tx,
    sql`select v.user_id, count(d.id)::int as sent
        from (select distinct * from unnest(${pgArray(rows.map((row) => row.user_id))}::text[],
                                            ${pgArray(dayStart)}::timestamptz[]) as u(user_id, since)) v
        join deliveries d on d.user_id = v.user_id and d.created_at >= v.since and d.kind = 'review'
        group by v.user_id`,
  );
  return new Map(counts.map((row) => [row.user_id, Number(row.sent)]));
}

/** `compute` for each row's user-day clock, once per distinct clock (a batch shares a few zones). */
function memoByClock(rows: readonly MixedSubscription[], compute: (clock: UserDayClock) => string): string[] {
  const memo = new Map<string, string>();
  return rows.map((row) => {
    const key = `${row.time_zone ?? ""}|${row.day_starts_at_hour}`;
    let value = memo.get(key);
    if (value === undefined) {
      value = compute(clockOf(row));
      memo.set(key, value);
    }
    return value;
  });
}
