import { endOfUserDay, type UserDayClock } from "./day-start";

/** A review that may go out: its card and when FSRS wants it. */
export interface DueReview<Id> {
  id: Id;
  due: Date;
}

export interface SendMixInput<Id> {
  /** The subscription's reviewable cards (graded before, not known); any due date: the mix picks what is due. */
  reviews: readonly DueReview<Id>[];
  /** Words of the topic never delivered to this user. */
  newWordsAvailable: number;
  wordsPerSend: number;
  /** Reviews already sent in the user's current day (all sends of the day count against the cap). */
  reviewsSentToday: number;
  dailyReviewCap: number;
  now: Date;
  clock: UserDayClock;
}

export interface SendMix<Id> {
  /** Most overdue first. */
  reviews: Id[];
  newWords: number;
}

/**
 * What one send holds: due reviews first (most overdue first), then new words, up to words-per-send. A card is due
 * when FSRS's due date falls in the user's current day, so one daily send does not miss a card due this afternoon.
 * Reviews stop at the daily cap, whatever the backlog: after a break the overdue cards go out at most `cap` a day,
 * oldest first, and the rest of each send is new words, so a return is never a flood.
 */
export function planSend<Id>(input: SendMixInput<Id>): SendMix<Id> {
  const dueBy = endOfUserDay(input.now, input.clock).getTime();
  const allowed = Math.max(0, Math.min(input.wordsPerSend, input.dailyReviewCap - input.reviewsSentToday));
  const reviews = input.reviews
    .filter((review) => review.due.getTime() < dueBy)
    .sort((a, b) => a.due.getTime() - b.due.getTime())
    .slice(0, allowed)
    .map((review) => review.id);
  return {
    reviews,
    newWords: Math.max(0, Math.min(input.wordsPerSend - reviews.length, input.newWordsAvailable)),
  };
}
