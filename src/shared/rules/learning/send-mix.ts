/**
 * The send mix (issue 22): what one send carries. Stable API, called by the dispatcher (`delivery/send-plan.ts`)
 * and by the learning benchmark alike, so the benchmark measures the policy the product runs:
 *
 *   planSend({ reviews, newWordsAvailable, newWordsPerSend, reviewsSentToday, dailyReviewCap, reviewDelivery, now,
 *              clock })
 *     → { newWords, reviews, topicExhausted }
 *
 * - `reviews`: every card of the topic that may come back (not known; graded or only introduced), each with its
 *   due date, its retrievability at `now` (0 for an introduction never answered) and when it last went out.
 * - `newWords`: the send's new words, always `newWordsPerSend` while the topic has words left ("words per send"
 *   counts new words; reviews never take their place).
 * - `reviews` (result): due reviews riding along, the longest overdue first (earliest due date, then lowest
 *   retrievability),
 *   at most what is left of the daily cap, when the learner keeps reviews with their words (`reviewDelivery`
 *   "with_words", the default); with "daily_review" or "app_only" a send carries its new words only, and the due
 *   reviews wait, still due, for the daily review or the app (/review, the bell). A review nobody answered is not graded, so it stays due and rolls over
 *   to the next send; only a word already sent in the user's current day waits for the next day (no re-sends within
 *   a day for hourly subscribers, neither of a review nor of a new word).
 * - `topicExhausted`: no new word left; the subscription says so instead of sending nothing silently.
 */
import type { ReviewDelivery } from "../../constants";
import { endOfUserDay, userDayOf, type UserDayClock } from "./day-start";

/** A card and when FSRS wants it (an introduction never answered: its introduction). */
export interface DueReview<Id> {
  id: Id;
  due: Date;
}

/** A card that may ride along as a review. */
export interface ReviewCandidate<Id> extends DueReview<Id> {
  /** FSRS's recall probability at send time; 0 for a word introduced and never answered. */
  retrievability: number;
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
  /** Most at risk first. */
  reviews: Id[];
  newWords: number;
  /** The topic has no new word left for this user. */
  topicExhausted: boolean;
}

/** Whether a review is due at `now`: FSRS's due date falls in the user's current day (a 09:00 send takes 15:00's). */
export const isDueToday = (due: Date, now: Date, clock: UserDayClock): boolean =>
  due.getTime() < endOfUserDay(now, clock).getTime();

/**
 * The longest overdue first (earliest due date, Anki's order), then the lowest recall probability. Not "lowest
 * recall first", which issue 22 named: under a cap that binds at every send it spends the places on words already
 * forgotten, and the learning benchmark's three memory models each kept fewer words that way, at every engagement
 * (docs/bench-learning.md, "Which reviews take the ten places").
 */
export const byOverdue = <Id>(a: ReviewCandidate<Id>, b: ReviewCandidate<Id>): number =>
  a.due.getTime() - b.due.getTime() || a.retrievability - b.retrievability;

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
        isDueToday(review.due, input.now, input.clock) &&
        (review.lastSentAt === null || userDayOf(review.lastSentAt, input.clock) !== today),
    )
    .sort(byOverdue)
    .slice(0, allowed)
    .map((review) => review.id);
  const newWords = Math.max(0, Math.min(input.newWordsPerSend, input.newWordsAvailable));
  return { reviews, newWords, topicExhausted: input.newWordsAvailable <= 0 };
}
