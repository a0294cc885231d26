import { TZDate } from "@date-fns/tz";

/** A nightly window with no sends, pushes or texts: HH:MM to HH:MM in the user's zone; may wrap midnight. */
export interface QuietHours {
  start: string;
  end: string;
}

function minutesOf(time: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new Error(`Invalid quiet-hours time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Whether the window is well formed: two HH:MM times that differ (an equal start and end would mean no window). */
export function isValidQuietHours(window: QuietHours): boolean {
  try {
    return minutesOf(window.start) !== minutesOf(window.end);
  } catch {
    return false;
  }
}

/**
 * Whether an instant falls inside the window (start inclusive, end exclusive). Decided on the local wall clock, so
 * 22:00–07:00 stays 22:00–07:00 across daylight-saving changes.
 */
export function isQuiet(instant: Date, window: QuietHours | null, timeZone: string | null): boolean {
  if (!window) return false;
  const local = new TZDate(instant.getTime(), timeZone ?? "UTC");
  const minute = local.getHours() * 60 + local.getMinutes();
  const [start, end] = [minutesOf(window.start), minutesOf(window.end)];
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * Where a slot is delivered: unchanged outside the window; inside it, at the window's end (the end's wall-clock
 * time on the right day). An end time skipped by a spring-forward change moves on by the gap (01:30 becomes 02:30
 * BST): up to an hour late on one night a year, and never inside the window.
 */
export function moveOutOfQuietHours(slot: Date, window: QuietHours | null, timeZone: string | null): Date {
  if (!window || !isQuiet(slot, window, timeZone)) return slot;
  const zone = timeZone ?? "UTC";
  const local = new TZDate(slot.getTime(), zone);
  const end = minutesOf(window.end);
  // Inside a window that wrapped midnight and before midnight, the window ends tomorrow; otherwise today.
  const endsTomorrow = local.getHours() * 60 + local.getMinutes() >= end;
  const endAt = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + (endsTomorrow ? 1 : 0),
    Math.floor(end / 60),
    end % 60,
    zone,
  );
  return new Date(endAt.getTime());
}
