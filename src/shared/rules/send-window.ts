import type { Frequency } from "../constants";
import { nextSendAfter, sendableFrom, type Pause } from "./learning/pause";
import type { QuietHours } from "./learning/quiet-hours";
import type { Schedule } from "./schedule";

/**
 * When a subscription's words may go out (its schedule, the owner's zone, quiet hours and pause): pure, so the delivery
 * engine, subscriptions, preferences and billing read one rule without importing one another.
 */

/** The user's fields that decide when a word may go out: their zone, quiet hours and pause (decision 004). */
export interface SendWindowOwner {
  timeZone: string | null;
  quietStart: string | null;
  quietEnd: string | null;
  pausedFrom: Date | null;
  pausedUntil: Date | null;
}

/** A subscription's own schedule fields. */
export interface ScheduledSubscription {
  frequency: string;
  deliveryTime: string;
  anchorDate: string;
}

/** The stored quiet hours (the column check keeps both or neither), or null when off. */
export const quietHoursOf = (user: Pick<SendWindowOwner, "quietStart" | "quietEnd">): QuietHours | null =>
  user.quietStart !== null && user.quietEnd !== null ? { start: user.quietStart, end: user.quietEnd } : null;

/** The stored pause (both or neither), ended or not: `isPaused` says whether it holds at an instant. */
export const pauseOf = (user: Pick<SendWindowOwner, "pausedFrom" | "pausedUntil">): Pause | null =>
  user.pausedFrom !== null && user.pausedUntil !== null
    ? { startsAt: user.pausedFrom, endsAt: user.pausedUntil }
    : null;

export const sendControlsOf = (user: SendWindowOwner) => ({
  pause: pauseOf(user),
  quietHours: quietHoursOf(user),
});

export const scheduleOf = (subscription: ScheduledSubscription, timeZone: string | null): Schedule => ({
  frequency: subscription.frequency as Frequency,
  deliveryTime: subscription.deliveryTime,
  timeZone,
  anchorDate: subscription.anchorDate,
});

/**
 * The one rule every next slot comes from (the dispatcher, the subscription forms, billing's pausing, the schedule
 * controls): the schedule's next slot strictly after `after`, past the user's pause, out of their quiet hours.
 */
export const nextSlotAfter = (
  subscription: ScheduledSubscription,
  user: SendWindowOwner,
  after: Date,
): Date => nextSendAfter(scheduleOf(subscription, user.timeZone), after, sendControlsOf(user));

/** When a slot that has fallen due may go out: now, or the end of the pause or quiet window now falls in. */
export const sendableAt = (subscription: ScheduledSubscription, user: SendWindowOwner, now: Date): Date =>
  sendableFrom(scheduleOf(subscription, user.timeZone), now, sendControlsOf(user));

/** The daily review (issue 22) keeps a daily schedule at the learner's chosen time (the anchor plays no part). */
export const dailyReviewSchedule = (dailyReviewTime: string): ScheduledSubscription => ({
  frequency: "daily",
  deliveryTime: dailyReviewTime,
  anchorDate: "2000-01-01",
});

/**
 * The instant of the learner's next daily review after `after` (past their pause, out of their quiet hours), or null
 * when they do not take reviews in one.
 */
export const nextDailyReviewAfter = (
  user: SendWindowOwner & { reviewDelivery: string; dailyReviewTime: string },
  after: Date,
): Date | null =>
  user.reviewDelivery === "daily_review"
    ? nextSlotAfter(dailyReviewSchedule(user.dailyReviewTime), user, after)
    : null;
