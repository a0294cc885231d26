/**
 * The send mix (issue 22): what one send carries. Stable API, called by the dispatcher (`delivery/send-plan.ts`)
 * and by the learning benchmark alike, so the benchmark measures the policy the product runs:
 *
 *   planSend({ reviews, newWordsAvailable, newWordsPerSend, reviewsSentToday, dailyReviewCap, reviewDelivery, now,
 *              clock })
 *     → { newWords, reviews, topicExhausted }
 *
 * - `reviews`: the topic's cards that may come back (not known; graded or only introduced) and are due, or nearly
 *   (`mayRideAlong`), each with its due date, its recall now, what asking it now is worth (`recallGainOfReview`) and
 *   when it last went out.
 * - `newWords`: the send's new words, always `newWordsPerSend` while the topic has words left ("words per send"
 *   counts new words; reviews never take their place).
 * - `reviews` (result): due reviews riding along, those a review helps most first (the most recall added over the
 *   next weeks, then the longest overdue), at most what is left of the daily cap, when the learner keeps reviews with their words (`reviewDelivery`
 *   "with_words", the default); with "daily_review" or "app_only" a send carries its new words only, and the due
 *   reviews wait, still due, for the daily review or the app (/review, the bell). A review nobody answered is not graded, so it stays due and rolls over
 *   to the next send; only a word already sent in the user's current day waits for the next day (no re-sends within
 *   a day for hourly subscribers, neither of a review nor of a new word).
 * - `topicExhausted`: no new word left; the subscription says so instead of sending nothing silently.
 */
import { DAILY_REVIEW_CAP_MAX, REVIEW_CANDIDATE_RECALL, type ReviewDelivery } from "../../constants";
import { endOfUserDay, userDayOf, type UserDayClock } from "./day-start";
import type { FsrsWeights } from "./fsrs";

/** A card and when FSRS wants it (an introduction never answered: its introduction). */
export interface DueReview<Id> {
  id: Id;
  due: Date;
}

/** A card that may ride along as a review. */
export interface ReviewCandidate<Id> extends DueReview<Id> {
  /** FSRS's recall of it now, in whole user days (`recallAfterWholeDays`); null if introduced and never answered. */
  recall: number | null;
  /** What asking it now adds to the learner's recall over the next weeks (`recallGainOfReview`). */
  recallGain: number;
  /** When the word last went out to the user (introduction or review); null if never. */
  lastSentAt: Date | null;
}

export interface SendMixInput<Id> {
  reviews: readonly ReviewCandidate<Id>[];
  /** Words of the topic never delivered to this user (at least `newWordsPerSend` means "enough"). */
  newWordsAvailable: number;
  /** The subscription's "words per send": new words. */
  newWordsPerSend: number;
  /** Reviews already sent in the user's current day, by any subscription (the cap is per user day). */
  reviewsSentToday: number;
  dailyReviewCap: number;
  /** Where the learner wants their reviews: only "with_words" lets them ride along in a send. */
  reviewDelivery: ReviewDelivery;
  now: Date;
  clock: UserDayClock;
}

export interface SendMix<Id> {
  /** Those a review helps most first. */
  reviews: Id[];
  newWords: number;
  /** The topic has no new word left for this user. */
  topicExhausted: boolean;
}

/** Whether a review is due at `now`: FSRS's due date falls in the user's current day (a 09:00 send takes 15:00's). */
export const isDueToday = (due: Date, now: Date, clock: UserDayClock): boolean =>
  due.getTime() < endOfUserDay(now, clock).getTime();

/**
 * Whether a card may ride along now: due in the user's current day, or, a little before its date, once FSRS puts its
 * recall at or below REVIEW_CANDIDATE_RECALL (the value then decides whether it takes a place).
 */
export const mayRideAlong = (
  review: Pick<ReviewCandidate<unknown>, "due" | "recall">,
  now: Date,
  clock: UserDayClock,
): boolean =>
  isDueToday(review.due, now, clock) || (review.recall !== null && review.recall <= REVIEW_CANDIDATE_RECALL);

/**
 * Those a review helps most first: the most recall added over the next weeks by FSRS's own model, then the longest
 * overdue. Under a cap that binds, "lowest recall first" (issue 22's wording) spends the places on words already
 * forgotten and "earliest due first" on whatever waited longest; on the learning benchmark's three memory models,
 * none of them FSRS, this order kept more words than either in every row (docs/bench-learning.md, "Which reviews
 * take the ten places").
 */
export const byRecallGain = <Id>(a: ReviewCandidate<Id>, b: ReviewCandidate<Id>): number =>
  b.recallGain - a.recallGain || a.due.getTime() - b.due.getTime();

/** How many candidates per unit of the daily cap `planSend` chooses from: the most overdue ones. */
export const REVIEW_CANDIDATES_PER_CAP = 10;

/**
 * The cards a send chooses its reviews from (the dispatcher's query and the learning benchmark alike): of those that
 * may ride along (`mayRideAlong`), the longest overdue, ten times the cap (at most DAILY_REVIEW_CAP_MAX). A window of three times the cap lost the
 * learning benchmark's exponential learner at 60% of days answered a fifth of their words: a backlog hides the
 * reviews worth most behind older ones.
 */
export const reviewCandidateWindow = (dailyReviewCap: number): number =>
  Math.min(dailyReviewCap * REVIEW_CANDIDATES_PER_CAP, DAILY_REVIEW_CAP_MAX);

/** A send's candidates are a backlog when more of them may go now than this many times the daily cap. */
export const REVIEW_BACKLOG_PER_CAP = 2;

/**
 * The FSRS weights a send values its candidates under (their recall now, `recallAfterWholeDays`, and what a review
 * adds, `recallGainOfReview`): the learner's own where the candidates that may go now (valued on FSRS's defaults:
 * riding along, not sent in the user's day) are a backlog, more than REVIEW_BACKLOG_PER_CAP times the daily cap;
 * FSRS's defaults otherwise (null). On the learning benchmark's exponential learner with their own weights, valuing
 * under them on every send gained 5 words at 60% of days answered and cost the learner who answers every day more
 * than one; on backlogs only, it keeps the gain and costs about half a word (docs/bench-learning.md, session 40).
 */
export function valuationWeights<Id>(
  candidates: readonly Pick<ReviewCandidate<Id>, "due" | "recall" | "lastSentAt">[],
  now: Date,
  clock: UserDayClock,
  dailyReviewCap: number,
  weights: FsrsWeights | null,
): FsrsWeights | null {
  if (weights === null) return null;
  const today = userDayOf(now, clock);
  const waiting = candidates.filter(
    (candidate) =>
      mayRideAlong(candidate, now, clock) &&
      (candidate.lastSentAt === null || userDayOf(candidate.lastSentAt, clock) !== today),
  ).length;
  return waiting > REVIEW_BACKLOG_PER_CAP * dailyReviewCap ? weights : null;
}

/** Whether due reviews ride along in a learner's sends (the other choices take them elsewhere, dropping none). */
export const reviewsRideAlong = (reviewDelivery: ReviewDelivery): boolean => reviewDelivery === "with_words";

export function planSend<Id>(input: SendMixInput<Id>): SendMix<Id> {
  const today = userDayOf(input.now, input.clock);
  const allowed = reviewsRideAlong(input.reviewDelivery)
    ? Math.max(0, input.dailyReviewCap - input.reviewsSentToday)
    : 0;
  const reviews = input.reviews
    .filter(
      (review) =>
        mayRideAlong(review, input.now, input.clock) &&
        (review.lastSentAt === null || userDayOf(review.lastSentAt, input.clock) !== today),
    )
    .sort(byRecallGain)
    .slice(0, allowed)
    .map((review) => review.id);
  const newWords = Math.max(0, Math.min(input.newWordsPerSend, input.newWordsAvailable));
  return { reviews, newWords, topicExhausted: input.newWordsAvailable <= 0 };
}
