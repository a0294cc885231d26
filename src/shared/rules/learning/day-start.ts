import { TZDate, tzOffset } from "@date-fns/tz";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "@shared/constants";

/** Where a user's days begin: their IANA zone (null means UTC) and the local hour a new day starts. */
export interface UserDayClock {
  timeZone: string | null;
  /** 0–23; with 4, 02:00 still belongs to the day before (a late night is not a new day). */
  dayStartHour: number;
}

/**
 * UTC has no offsets to look up: plain arithmetic gives the same answers as TZDate at a fraction of the cost (the
 * learning benchmark converts millions of instants; most learners' zones are set, but the simulator's are UTC; the
 * notification poll previews ten cards a read, each three conversions to the timeline and four back).
 */
const isUtc = (clock: UserDayClock) => clock.timeZone === null || clock.timeZone === "UTC";

/**
 * The user's day (YYYY-MM-DD) an instant belongs to. Decided on the local wall clock, so a daylight-saving change
 * moves nothing: 03:59 with a 4 am start is always the day before, whatever the offset.
 */
export function userDayOf(instant: Date, clock: UserDayClock): string {
  const at = instant.getTime();
  if (isUtc(clock)) return dayText(Math.floor((at - clock.dayStartHour * HOUR_MS) / DAY_MS));
  const wallClock = at + zoneOffsetMinutes(at, clock.timeZone ?? "UTC") * MINUTE_MS;
  const hour = Math.floor((wallClock - Math.floor(wallClock / DAY_MS) * DAY_MS) / HOUR_MS);
  return dayText(Math.floor(wallClock / DAY_MS) - (hour < clock.dayStartHour ? 1 : 0));
}

/**
 * A zone's offsets already looked up, by zone and quarter hour (null: the offset changes within it, so each instant
 * of it is looked up). No zone's clocks change twice within a quarter hour, so one whose first and last milliseconds
 * have one offset has it throughout. The lookup is most of a conversion's cost (a dispatch batch converts every
 * candidate's last sending), and a batch's instants (now, the learners' usual send times) fall in few quarter hours.
 */
const zoneOffsets = new Map<string, number | null>();
const ZONE_OFFSETS_KEPT = 10_000;
const OFFSET_SPAN_MS = 15 * MINUTE_MS;

function zoneOffsetMinutes(at: number, zone: string): number {
  const span = Math.floor(at / OFFSET_SPAN_MS);
  const key = `${zone}|${span}`;
  let offset = zoneOffsets.get(key);
  if (offset === undefined) {
    const first = tzOffset(zone, new Date(span * OFFSET_SPAN_MS));
    offset = first === tzOffset(zone, new Date((span + 1) * OFFSET_SPAN_MS - 1)) ? first : null;
    if (zoneOffsets.size >= ZONE_OFFSETS_KEPT) zoneOffsets.clear();
    zoneOffsets.set(key, offset);
  }
  return offset ?? tzOffset(zone, new Date(at));
}

const dayText = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** A YYYY-MM-DD day as a plain day count, for counting and stepping days without any zone. */
export function dayNumber(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, date) / DAY_MS);
}

/** The YYYY-MM-DD day `offset` days after `day`. */
export function addDays(day: string, offset: number): string {
  return new Date((dayNumber(day) + offset) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Zoned days' starts already looked up, by zone, start hour and day: the zone lookup is most of a conversion's cost,
 * and the days repeat (a read of the notification list previews ten cards of one learner, each converting "now" and
 * its due days). A day's start never changes, so this only saves work; cleared when full.
 */
const zonedDayStarts = new Map<string, number>();
const ZONED_DAY_STARTS_KEPT = 10_000;

/** The instant a user's day begins (its start hour on the local wall clock; a start hour skipped by DST begins it
 * when the clocks jump past it). */
export function startOfUserDay(day: string, clock: UserDayClock): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  if (isUtc(clock)) return new Date(Date.UTC(year, month - 1, date, clock.dayStartHour));
  const key = `${clock.timeZone}|${clock.dayStartHour}|${day}`;
  let start = zonedDayStarts.get(key);
  if (start === undefined) {
    start = new TZDate(year, month - 1, date, clock.dayStartHour, 0, clock.timeZone ?? "UTC").getTime();
    if (zonedDayStarts.size >= ZONED_DAY_STARTS_KEPT) zonedDayStarts.clear();
    zonedDayStarts.set(key, start);
  }
  return new Date(start);
}

/** The instant the user's current day ends (the next day's start): what "due today" is measured against. */
export const endOfUserDay = (instant: Date, clock: UserDayClock): Date =>
  startOfUserDay(addDays(userDayOf(instant, clock), 1), clock);

/**
 * Whole user days from one instant to another (0 within one user day; negative when `to` is earlier). The one day
 * count of the learning loop: FSRS's elapsed days, the review log, the optimizer, streaks and the cap all count in
 * it, so a Pacific learner's 18:00 answer is one and the same day everywhere.
 */
export const userDaysBetween = (from: Date, to: Date, clock: UserDayClock): number =>
  isUtc(clock)
    ? utcUserDayNumber(to, clock) - utcUserDayNumber(from, clock)
    : dayNumber(userDayOf(to, clock)) - dayNumber(userDayOf(from, clock));

/** `dayNumber(userDayOf(instant, clock))` for a UTC clock, without the day's text (a send values every candidate). */
const utcUserDayNumber = (instant: Date, clock: UserDayClock): number =>
  Math.floor((instant.getTime() - clock.dayStartHour * HOUR_MS) / DAY_MS);

/**
 * An instant on the user-day timeline: the UTC calendar day is the user's day and the UTC time of day is the time
 * since that day began. ts-fsrs counts UTC calendar days; fed these instants, it counts the user's days.
 */
export function toUserDayTimeline(instant: Date, clock: UserDayClock): Date {
  // In UTC a day begins dayStartHour hours after UTC midnight, so the time since it began is the instant less them.
  if (isUtc(clock)) return new Date(instant.getTime() - clock.dayStartHour * HOUR_MS);
  const day = userDayOf(instant, clock);
  return new Date(dayNumber(day) * DAY_MS + (instant.getTime() - startOfUserDay(day, clock).getTime()));
}

/** The real instant of a user-day timeline instant (the inverse of `toUserDayTimeline`). */
export function fromUserDayTimeline(timeline: Date, clock: UserDayClock): Date {
  if (isUtc(clock)) return new Date(timeline.getTime() + clock.dayStartHour * HOUR_MS);
  const dayIndex = Math.floor(timeline.getTime() / DAY_MS);
  const day = new Date(dayIndex * DAY_MS).toISOString().slice(0, 10);
  return new Date(startOfUserDay(day, clock).getTime() + (timeline.getTime() - dayIndex * DAY_MS));
}

/** The clock of a learner with no zone and a midnight day start (UTC days). */
export const UTC_DAY_CLOCK: UserDayClock = { timeZone: null, dayStartHour: 0 };
