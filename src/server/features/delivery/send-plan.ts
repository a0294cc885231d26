import { sql } from "drizzle-orm";
import { endOfUserDay, startOfUserDay, userDayOf, type UserDayClock } from "@shared/rules/learning/day-start";
import { REVIEW_CANDIDATE_RECALL, type ReviewDelivery } from "@shared/constants";
import {
  daysPerStabilityUntilRecall,
  recallAfterWholeDays,
  recallGainOfReview,
  type CardState,
  type FsrsWeights,
  type LearningCard,
  type WordRecallEstimate,
} from "@shared/rules/learning/fsrs";
import {
  planSend,
  reviewCandidateWindow,
  reviewsRideAlong,
  valuationWeights,
  type ReviewCandidate,
} from "@shared/rules/learning/send-mix";
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
  review_delivery: ReviewDelivery;
  /** The FSRS weights the learner's cards are graded with: their own, else the newest pooled fit; null: FSRS's. */
  fsrs_weights: number[] | null;
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
 * What each claimed subscription sends now (issue 22, `planSend`): its new words, always, while the topic has
 * words left, and its topic's due reviews riding along, those a review helps most first, within the user's daily review cap (the
 * reviews already sent in their day count, and so do the ones planned for their other subscriptions in this batch).
 * Subscriptions come in claim order, so the cap goes to the most overdue slot first. New words take the first
 * positions of the send, reviews follow ("Quick review"). A learner who takes reviews in a daily review or only in
 * the app gets new words only, and their cards are not even looked up.
 */
export async function planBatchSends(
  tx: Executor,
  rows: readonly MixedSubscription[],
  now: Date,
): Promise<PlannedWord[]> {
  const candidates = await reviewCandidates(
    tx,
    rows.filter((row) => reviewsRideAlong(row.review_delivery)),
    now,
  );
  const reviewers = rows.filter((row) => candidates.has(row.id));
  const sentToday = await reviewsSentToday(tx, reviewers, now);
  const planned: PlannedWord[] = [];
  for (const row of rows) {
    const mix = planSend({
      reviews: candidates.get(row.id) ?? [],
      // The word choice finds out at insert time whether the topic has that many new words left.
      newWordsAvailable: row.words_per_send,
      newWordsPerSend: row.words_per_send,
      reviewsSentToday: sentToday.get(row.user_id) ?? 0,
      dailyReviewCap: row.daily_review_cap,
      reviewDelivery: row.review_delivery,
      now,
      clock: clockOf(row),
    });
    sentToday.set(row.user_id, (sentToday.get(row.user_id) ?? 0) + mix.reviews.length);
    const base = { subscriptionId: row.id, userId: row.user_id };
    for (let index = 0; index < mix.newWords; index++)
      planned.push({ ...base, position: index, kind: "new", wordId: null });
    mix.reviews.forEach((wordId, index) =>
      planned.push({ ...base, position: mix.newWords + index, kind: "review", wordId }),
    );
  }
  return planned;
}

/**
 * A card not yet due whose recall has fallen to REVIEW_CANDIDATE_RECALL was graded at least this many whole user days
 * per day of stability ago, so before the end of the user's day less that time. The candidate query keeps a superset
 * (an hour more, for a daylight-saving change); `planSend` decides exactly (`mayRideAlong`). On FSRS's default curve:
 * a backlog valued on the learner's own (`valuationWeights`) is gated within what this finds, as in the benchmark.
 */
const NEARLY_DUE_DAYS_PER_STABILITY = daysPerStabilityUntilRecall(REVIEW_CANDIDATE_RECALL);

/**
 * Per subscription, the topic's cards that may ride along as reviews now (by word id), for `planSend` to choose
 * from: due by the end of the user's day or nearly (`mayRideAlong`), not known, the word not withdrawn, graded or only introduced (an
 * introduction never answered is asked at a later send: that answer is its first rating), with when the word last
 * went out (a word sent today waits for tomorrow) and what a review now is worth (under the learner's weights for a
 * backlog, `valuationWeights`; with what all learners' answers say about the word, `word_recall_estimates`). One probe of
 * cards_user_topic_due_idx each, the longest overdue first, `reviewCandidateWindow` of them for `planSend` to order.
 */
async function reviewCandidates(
  tx: Executor,
  rows: readonly MixedSubscription[],
  now: Date,
): Promise<Map<number, ReviewCandidate<number>[]>> {
  if (rows.length === 0) return new Map();
  const dueBy = memoByClock(rows, (clock) => endOfUserDay(now, clock).toISOString());
  const found = await queryRows<CandidateRow>(
    tx,
    sql`select v.subscription_id, c.word_id, c.due, c.stability, c.difficulty, c.elapsed_days, c.scheduled_days,
               c.learning_steps, c.reps, c.lapses, c.state, c.last_review, c.last_sent, e.first_ask_recall,
               e.recall_offset
        from unnest(${pgArray(rows.map((row) => row.id))}::int[], ${pgArray(rows.map((row) => row.user_id))}::text[],
                    ${pgArray(rows.map((row) => row.topic_id))}::int[], ${pgArray(dueBy)}::timestamptz[],
                    ${pgArray(rows.map((row) => reviewCandidateWindow(row.daily_review_cap)))}::int[])
             as v(subscription_id, user_id, topic_id, due_by, candidates)
        cross join lateral (
          select c.word_id, c.due, c.stability, c.difficulty, c.elapsed_days, c.scheduled_days, c.learning_steps,
                 c.reps, c.lapses, c.state, c.last_review,
                 (select max(d.created_at) from deliveries d
                  where d.user_id = c.user_id and d.topic_id = c.topic_id and d.word_id = c.word_id) as last_sent
          from cards c
          where c.user_id = v.user_id and c.topic_id = v.topic_id and c.known_at is null
            and (c.due < v.due_by
                 or (c.state <> 'new' and c.last_review + c.stability * ${NEARLY_DUE_DAYS_PER_STABILITY}::float8 * interval '1 day'
                                          < v.due_by + interval '1 hour'))
            and exists (select 1 from words w where w.id = c.word_id and w.deleted_at is null)
          order by c.due, c.id
          limit v.candidates) c
        left join word_recall_estimates e on e.word_id = c.word_id`,
  );
  const subscriptions = new Map(rows.map((row) => [row.id, row]));
  const cardsBySubscription = new Map<
    number,
    { card: LearningCard; wordId: number; lastSentAt: Date | null; word: WordRecallEstimate }[]
  >();
  for (const row of found) {
    const card: LearningCard = {
      due: new Date(row.due),
      stability: Number(row.stability),
      difficulty: Number(row.difficulty),
      elapsedDays: row.elapsed_days,
      scheduledDays: row.scheduled_days,
      learningSteps: row.learning_steps,
      reps: row.reps,
      lapses: row.lapses,
      state: row.state,
      lastReview: row.last_review === null ? null : new Date(row.last_review),
      knownAt: null,
    };
    const list = cardsBySubscription.get(row.subscription_id) ?? [];
    list.push({
      card,
      wordId: row.word_id,
      lastSentAt: row.last_sent === null ? null : new Date(row.last_sent),
      word: {
        firstAskRecall: numberOrNull(row.first_ask_recall),
        recallOffset: numberOrNull(row.recall_offset),
      },
    });
    cardsBySubscription.set(row.subscription_id, list);
  }
  const bySubscription = new Map<number, ReviewCandidate<number>[]>();
  for (const [subscriptionId, listed] of cardsBySubscription) {
    const subscription = subscriptions.get(subscriptionId)!;
    const clock = clockOf(subscription);
    const candidatesUnder = (weights: FsrsWeights | null): ReviewCandidate<number>[] =>
      listed.map(({ card, wordId, lastSentAt }) => ({
        id: wordId,
        due: card.due,
        recall: recallAfterWholeDays(card, now, clock, weights),
        recallGain: 0,
        lastSentAt,
      }));
    // A backlog is valued under the learner's weights, other sends on FSRS's defaults (`valuationWeights`).
    const onDefaults = candidatesUnder(null);
    const under = valuationWeights(
      onDefaults,
      now,
      clock,
      subscription.daily_review_cap,
      subscription.fsrs_weights,
    );
    bySubscription.set(
      subscriptionId,
      (under === null ? onDefaults : candidatesUnder(under)).map((candidate, index) => ({
        ...candidate,
        recallGain: recallGainOfReview(listed[index]!.card, now, clock, under, listed[index]!.word),
      })),
    );
  }
  return bySubscription;
}

const numberOrNull = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

interface CandidateRow {
  subscription_id: number;
  word_id: number;
  due: string | Date;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: CardState;
  last_review: string | Date | null;
  last_sent: string | Date | null;
  first_ask_recall: number | string | null;
  recall_offset: number | string | null;
}

/**
 * Reviews already sent to each user in their current day (`deliveries.kind = 'review'` since its start) that reached
 * them (in the app, or on a channel) or are still on their way: one no message had room for is not counted.
 */
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
          and (d.sent_at is not null
               or exists (select 1 from delivery_sends s where s.delivery_id = d.id and s.status = 'pending'))
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
