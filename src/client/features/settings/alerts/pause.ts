import { localDateFormat } from "@client/lib/local-date-format";
import { addDays, userDayOf, type UserDayClock } from "@shared/rules/learning/day-start";
import { latestPauseEnd } from "@shared/rules/learning/pause";

/**
 * The first and last end dates (YYYY-MM-DD) a pause starting now may have, by the server's rule: deliveries resume at
 * the start of the chosen day (the learner's day start, in their zone), which must come after now and no later than
 * PAUSE_MAX_MONTHS calendar months on. The date picker offers only these days.
 */
export function pauseEndBounds(now: Date, clock: UserDayClock): { first: string; last: string } {
  return {
    first: addDays(userDayOf(now, clock), 1),
    last: userDayOf(latestPauseEnd(now, clock.timeZone), clock),
  };
}

/** A YYYY-MM-DD day as the browser-local midnight the date picker works in, and back. */
export function dayToPickerDate(day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

export function pickerDateToDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const pickedDayFormat = localDateFormat({ month: "short", day: "numeric", year: "numeric" });

/** A picked end day for the button that opens the picker: "Mar 12, 2026" (a calendar day, no zone). */
export function pickedDayText(day: string): string {
  return pickedDayFormat.format(dayToPickerDate(day));
}

/** The toast after "Resume now", in Settings and on the dashboard. */
export const DELIVERIES_RESUMED_TOAST = {
  title: "Deliveries resumed",
  description: "Your next words arrive on your usual schedule.",
};
