import { DATE_LOCALE } from "@shared/constants";
import { localDateFormat } from "@client/lib/local-date-format";

const dateTimeFormat = localDateFormat({
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Tue, Nov 24, 9:00 AM" in the browser's zone (the one the schedule is planned in). */
export function formatDeliveryInstant(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/**
 * The day deliveries resume, from the pause's end instant: "Thursday, March 12, 2026". Read in the learner's zone
 * (the server's, UTC when it has none), where that instant is the start of the chosen day.
 */
export function resumeDayText(until: string, timeZone: string | null): string {
  return new Intl.DateTimeFormat(DATE_LOCALE, {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: timeZone ?? "UTC",
  }).format(new Date(until));
}

const timeFormat = localDateFormat({
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
});

/** "09:30" → "9:30 AM" (a wall-clock time, so no zone conversion). */
export function formatTimeOfDay(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return timeFormat.format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}
