import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import {
  addDays,
  endOfUserDay,
  fromUserDayTimeline,
  startOfUserDay,
  toUserDayTimeline,
  userDayOf,
  userDaysBetween,
} from "./day-start";

const london = (dayStartHour: number) => ({ timeZone: "Europe/London", dayStartHour });

describe("the user's day", () => {
  it("in UTC gives what the zone lookup gives (its arithmetic fast path agrees with TZDate's Etc/UTC)", () => {
    const instants = [
      "2025-01-01T00:00:00Z",
      "2025-01-01T03:59:59Z",
      "2025-03-30T04:00:00Z",
      "2024-02-29T23:30:00Z",
    ];
    for (const dayStartHour of [0, 4, 23]) {
      for (const text of instants) {
        const instant = new Date(text);
        const fast = { timeZone: null, dayStartHour };
        const looked = { timeZone: "Etc/UTC", dayStartHour };
        expect(userDayOf(instant, fast), `${text} ${dayStartHour}`).toBe(userDayOf(instant, looked));
        expect(endOfUserDay(instant, fast).toISOString()).toBe(endOfUserDay(instant, looked).toISOString());
      }
    }
  });

  it("in a zone is the day the local wall clock says, every 18 hours of a year and every minute around each clock change", () => {
    // The wall clock read directly (what userDayOf did before it found the day by the days' starts).
    const wallClockDay = (instant: Date, zone: string, dayStartHour: number) => {
      const local = new TZDate(instant.getTime(), zone);
      const calendar = new Date(
        Date.UTC(
          local.getFullYear(),
          local.getMonth(),
          local.getDate() - (local.getHours() < dayStartHour ? 1 : 0),
        ),
      );
      return calendar.toISOString().slice(0, 10);
    };
    const zones = [
      "America/Los_Angeles",
      "America/Santiago", // changes its clocks at midnight
      "America/St_Johns", // −03:30 / −02:30
      "Europe/London",
      "Asia/Kolkata",
      "Australia/Lord_Howe", // a half-hour change
      "Pacific/Chatham", // +12:45 / +13:45
      "Pacific/Kiritimati", // +14:00
      "Pacific/Pago_Pago", // −11:00
    ];
    const instants: Date[] = [];
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 37 * 60_000)
      instants.push(new Date(at));
    for (const zone of zones) {
      // Every 29th instant (about 18 hours apart), and every minute of the two hours either side of a change of the
      // zone's offset: found once per zone, then checked with every day start.
      const checked: Date[] = [];
      let offset = new TZDate(instants[0]!.getTime(), zone).getTimezoneOffset();
      for (const [index, instant] of instants.entries()) {
        const now = new TZDate(instant.getTime(), zone).getTimezoneOffset();
        if (now !== offset) {
          for (let minute = -120; minute <= 120; minute += 1)
            checked.push(new Date(instant.getTime() + minute * 60_000));
          offset = now;
        } else if (index % 29 === 0) checked.push(instant);
      }
      for (const dayStartHour of [0, 1, 2, 4, 23]) {
        const clock = { timeZone: zone, dayStartHour };
        for (const instant of checked)
          expect(userDayOf(instant, clock), `${zone} ${dayStartHour} ${instant.toISOString()}`).toBe(
            wallClockDay(instant, zone, dayStartHour),
          );
      }
    }
  });

  it("with a midnight start is the local calendar day", () => {
    // 23:30 in New York on 1 March is already 2 March in UTC.
    expect(
      userDayOf(new Date("2025-03-02T04:30:00Z"), { timeZone: "America/New_York", dayStartHour: 0 }),
    ).toBe("2025-03-01");
    expect(userDayOf(new Date("2025-03-02T04:30:00Z"), { timeZone: null, dayStartHour: 0 })).toBe(
      "2025-03-02",
    );
  });

  it("with a 4 am start puts 02:00 in the day before and 04:00 in the new day", () => {
    expect(userDayOf(new Date("2025-01-10T02:00:00Z"), london(4))).toBe("2025-01-09");
    expect(userDayOf(new Date("2025-01-10T04:00:00Z"), london(4))).toBe("2025-01-10");
    // Across a month and a year boundary.
    expect(userDayOf(new Date("2025-01-01T03:59:00Z"), london(4))).toBe("2024-12-31");
  });

  it("keeps the local start hour across the London clock changes (BST: 03:00 UTC is 04:00 local)", () => {
    expect(userDayOf(new Date("2025-07-10T03:00:00Z"), london(4))).toBe("2025-07-10");
    expect(userDayOf(new Date("2025-07-10T02:59:00Z"), london(4))).toBe("2025-07-09");
    expect(startOfUserDay("2025-03-30", london(4)).toISOString()).toBe("2025-03-30T03:00:00.000Z");
    expect(startOfUserDay("2025-03-29", london(4)).toISOString()).toBe("2025-03-29T04:00:00.000Z");
    expect(startOfUserDay("2025-10-26", london(4)).toISOString()).toBe("2025-10-26T04:00:00.000Z");
  });

  it("the day holding a spring-forward change is 23 hours, the one holding a fall-back change 25", () => {
    // With a 4 am start, New York's 02:00 changes fall inside the days that began on 8 March and 1 November.
    const hours = (day: string, clock: { timeZone: string; dayStartHour: number }) =>
      (startOfUserDay(addDays(day, 1), clock).getTime() - startOfUserDay(day, clock).getTime()) / 3_600_000;
    expect(hours("2025-03-08", { timeZone: "America/New_York", dayStartHour: 4 })).toBe(23);
    expect(hours("2025-11-01", { timeZone: "America/New_York", dayStartHour: 4 })).toBe(25);
  });

  it("a start hour skipped by the spring-forward change begins the day when clocks jump past it", () => {
    // London skips 01:00–02:00 on 30 March 2025; a 1 am day start begins that day at 01:00 UTC (02:00 BST).
    expect(startOfUserDay("2025-03-30", london(1)).toISOString()).toBe("2025-03-30T01:00:00.000Z");
  });

  it("ends at the next day's start", () => {
    expect(endOfUserDay(new Date("2025-01-10T02:00:00Z"), london(4)).toISOString()).toBe(
      "2025-01-10T04:00:00.000Z",
    );
    expect(endOfUserDay(new Date("2025-01-10T05:00:00Z"), london(4)).toISOString()).toBe(
      "2025-01-11T04:00:00.000Z",
    );
  });

  it("counts UTC days by arithmetic exactly as the zone rules do, with any day start", () => {
    const instants = [
      "2025-03-30T00:30:00Z",
      "2025-03-30T03:59:00Z",
      "2025-03-31T04:00:00Z",
      "2025-04-09T23:59:59Z",
    ];
    for (const dayStartHour of [0, 4, 23])
      for (const from of instants)
        for (const to of instants)
          expect(userDaysBetween(new Date(from), new Date(to), { timeZone: "UTC", dayStartHour })).toBe(
            userDaysBetween(new Date(from), new Date(to), { timeZone: "Etc/UTC", dayStartHour }),
          );
  });

  it("puts UTC instants on the user-day timeline and back by arithmetic exactly as the zone rules do", () => {
    const instants = [
      "1969-12-31T23:59:59.999Z",
      "2025-01-01T00:00:00.000Z",
      "2025-03-30T03:59:59.999Z",
      "2025-03-30T04:00:00.000Z",
      "2024-02-29T23:30:00.123Z",
      "2026-11-29T12:00:00.123Z",
    ];
    for (const dayStartHour of [0, 4, 23])
      for (const text of instants) {
        const instant = new Date(text);
        const fast = { timeZone: "UTC", dayStartHour };
        const looked = { timeZone: "Etc/UTC", dayStartHour };
        const timeline = toUserDayTimeline(instant, fast);
        expect(timeline.getTime(), `${text} ${dayStartHour}`).toBe(
          toUserDayTimeline(instant, looked).getTime(),
        );
        expect(fromUserDayTimeline(timeline, fast).getTime()).toBe(instant.getTime());
        expect(fromUserDayTimeline(timeline, looked).getTime()).toBe(instant.getTime());
      }
  });

  it("gives a zoned day's start alike on every call, whatever a caller did with the Date it was given", () => {
    const clock = london(4);
    for (const day of ["2025-03-29", "2025-03-30", "2025-03-31", "2025-10-26"]) {
      const first = startOfUserDay(day, clock);
      const expected = first.getTime();
      first.setTime(0);
      expect(startOfUserDay(day, clock).getTime(), day).toBe(expected);
      expect(startOfUserDay(day, { timeZone: "Europe/London", dayStartHour: 5 }).getTime()).toBe(
        expected + 3_600_000,
      );
    }
  });
});
