import { TZDate } from "@date-fns/tz";
import { DAY_MS, DEFAULT_DELIVERY_TIME, type Frequency } from "../constants";

/** Everything the next delivery instant depends on. */
export interface Schedule {
  frequency: Frequency;
  /** HH:MM in the user's zone (09:00 for frequencies without a chosen time). */
  deliveryTime: string;
  /** IANA zone; null means UTC. */
  timeZone: string | null;
  /** The local calendar day (YYYY-MM-DD) the subscription was created: day 0 of the multi-day cycles. */
  anchorDate: string;
}

/** Wall-clock slots of one frequency: which hours of a qualifying day, at which minute, on which days. */
interface SlotPattern {
  firstHour: number;
  hourStep: number;
  minute: number;
  dayStep: number;
}

const DEFAULT_HOUR = Number(DEFAULT_DELIVERY_TIME.slice(0, 2));

function slotPattern(frequency: Frequency, deliveryTime: string): SlotPattern {
  const [hour, minute] = parseTime(deliveryTime);
  switch (frequency) {
    case "hourly":
      return { firstHour: hour, hourStep: 1, minute, dayStep: 1 };
    case "every4hours":
      return { firstHour: hour, hourStep: 4, minute, dayStep: 1 };
    case "daily":
      return { firstHour: hour, hourStep: 24, minute, dayStep: 1 };
    case "every2hours":
      return { firstHour: DEFAULT_HOUR, hourStep: 2, minute: 0, dayStep: 1 };
    case "every8hours":
      return { firstHour: DEFAULT_HOUR, hourStep: 8, minute: 0, dayStep: 1 };
    case "every2days":
      return { firstHour: DEFAULT_HOUR, hourStep: 24, minute: 0, dayStep: 2 };
    case "weekly":
      return { firstHour: DEFAULT_HOUR, hourStep: 24, minute: 0, dayStep: 7 };
    case "biweekly":
      return { firstHour: DEFAULT_HOUR, hourStep: 24, minute: 0, dayStep: 14 };
  }
}

function parseTime(time: string): [number, number] {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`Invalid delivery time: ${time}`);
  return [Number(match[1]), Number(match[2])];
}

const mod = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

/** A calendar day as a plain day count (no time zone involved: it only orders and spaces dates). */
const dayNumber = (year: number, month: number, day: number) =>
  Math.round(Date.UTC(year, month, day) / DAY_MS);

/**
 * The first delivery instant strictly after `after`, in UTC. Slots are wall-clock times in the user's zone, so a
 * daily 09:00 stays 09:00 across daylight-saving changes; a wall-clock time skipped by a spring-forward change
 * is delivered at the moment clocks jump past it, and a time repeated by a fall-back change is delivered once.
 */
export function nextDeliveryAfter(schedule: Schedule, after: Date): Date {
  const zone = schedule.timeZone ?? "UTC";
  const pattern = slotPattern(schedule.frequency, schedule.deliveryTime);
  const hours: number[] = [];
  for (let hour = 0; hour < 24; hour += 1) {
    if (mod(hour - pattern.firstHour, pattern.hourStep) === 0) hours.push(hour);
  }
  const [anchorYear, anchorMonth, anchorDay] = schedule.anchorDate.split("-").map(Number) as [
    number,
    number,
    number,
  ];
  const anchor = dayNumber(anchorYear, anchorMonth - 1, anchorDay);
  const local = new TZDate(after.getTime(), zone);
  const [year, month, day] = [local.getFullYear(), local.getMonth(), local.getDate()];
  // Starting a day early covers an `after` inside a repeated (fall-back) hour; dayStep + 2 days always holds a slot.
  for (let offset = -1; offset <= pattern.dayStep + 1; offset += 1) {
    if (mod(dayNumber(year, month, day + offset) - anchor, pattern.dayStep) !== 0) continue;
    for (const hour of hours) {
      const candidate = new TZDate(year, month, day + offset, hour, pattern.minute, zone);
      if (candidate.getTime() > after.getTime()) return new Date(candidate.getTime());
    }
  }
  throw new Error("unreachable: every schedule has a slot within dayStep + 2 days");
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone (null means UTC). */
export function localDateOf(instant: Date, timeZone: string | null): string {
  const local = new TZDate(instant.getTime(), timeZone ?? "UTC");
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}
