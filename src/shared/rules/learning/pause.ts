import { TZDate } from "@date-fns/tz";
import { PAUSE_MAX_MONTHS } from "@shared/constants";
import { nextDeliveryAfter, type Schedule } from "../schedule";
import { addDays, endOfUserDay, startOfUserDay, userDayOf, type UserDayClock } from "./day-start";
import { moveOutOfQuietHours, type QuietHours } from "./quiet-hours";
import type { DueReview } from "./send-mix";

/** A pause always has an end date; deliveries resume by themselves at `endsAt`. */
export interface Pause {
  startsAt: Date;
  endsAt: Date;
}

/** The latest end a pause starting at `startsAt` may have: PAUSE_MAX_MONTHS calendar months on, in the user's zone
 * (30 November + 3 months is the last day of February, not 2 March). */
export function latestPauseEnd(startsAt: Date, timeZone: string | null): Date {
  const zone = timeZone ?? "UTC";
  const start = new TZDate(startsAt.getTime(), zone);
  const month = start.getMonth() + PAUSE_MAX_MONTHS;
  const lastDay = new TZDate(start.getFullYear(), month + 1, 0, 12, 0, zone).getDate();
  const end = new TZDate(
    start.getFullYear(),
    month,
    Math.min(start.getDate(), lastDay),
    start.getHours(),
    start.getMinutes(),
    zone,
  );
  return new Date(end.getTime());
}

/** Why a pause cannot be set, in the words the Settings form shows; null when it can. */
export function pauseError(pause: Pause, now: Date, timeZone: string | null): string | null {
  if (pause.endsAt.getTime() <= pause.startsAt.getTime()) return "The pause must end after it starts";
  if (pause.endsAt.getTime() <= now.getTime()) return "The pause must end in the future";
  if (pause.endsAt.getTime() > latestPauseEnd(pause.startsAt, timeZone).getTime())
    return `A pause can last up to ${PAUSE_MAX_MONTHS} months`;
  return null;
}

export const isPaused = (pause: Pause | null, now: Date): boolean =>
  pause !== null && pause.startsAt.getTime() <= now.getTime() && now.getTime() < pause.endsAt.getTime();

/**
 * The next send strictly after `after`: the schedule's next slot, skipped past a pause (the first slot at or after
 * its end), then moved out of quiet hours. Slots moved to the end of the quiet window collapse into one send there,
 * because the following slot is computed after it.
 */
export function nextSendAfter(
  schedule: Schedule,
  after: Date,
  options: { pause: Pause | null; quietHours: QuietHours | null },
): Date {
  let slot = nextDeliveryAfter(schedule, after);
  if (isPaused(options.pause, slot))
    slot = nextDeliveryAfter(schedule, new Date(options.pause!.endsAt.getTime() - 1));
  return moveOutOfQuietHours(slot, options.quietHours, schedule.timeZone);
}

/**
 * When a send that has fallen due may go out: `now`, unless a pause holds (then the first send after it) or `now` is
 * inside quiet hours (then the window's end). The dispatcher checks this at the moment it sends, because a slot
 * planned before a change of zone, or handled late, can still land in the window.
 */
export function sendableFrom(
  schedule: Schedule,
  now: Date,
  options: { pause: Pause | null; quietHours: QuietHours | null },
): Date {
  if (isPaused(options.pause, now)) return nextSendAfter(schedule, now, options);
  return moveOutOfQuietHours(now, options.quietHours, schedule.timeZone);
}

/**
 * Resuming without a burst: the reviews due by the end of the resume day are given new due dates, oldest first,
 * `cap` per user day from the resume day on (the first `cap` keep their dates). The send mix's daily cap already
 * stops a flood; re-dating also keeps the 30-day forecast true and stops Completion Rate from counting a pause as
 * missed reviews. Returns only the cards whose due date changes.
 */
export function respreadBacklog<Id>(
  reviews: readonly DueReview<Id>[],
  resumeAt: Date,
  dailyReviewCap: number,
  clock: UserDayClock,
): DueReview<Id>[] {
  const dueBy = endOfUserDay(resumeAt, clock).getTime();
  const resumeDay = userDayOf(resumeAt, clock);
  return reviews
    .filter((review) => review.due.getTime() < dueBy)
    .sort((a, b) => a.due.getTime() - b.due.getTime())
    .flatMap((review, index) => {
      const dayOffset = Math.floor(index / dailyReviewCap);
      return dayOffset === 0
        ? []
        : [{ id: review.id, due: startOfUserDay(addDays(resumeDay, dayOffset), clock) }];
    });
}
