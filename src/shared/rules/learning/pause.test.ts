import { describe, expect, it } from "vitest";
import type { Schedule } from "../schedule";
import { isPaused, latestPauseEnd, nextSendAfter, pauseError, respreadBacklog, sendableFrom } from "./pause";

const daily: Schedule = {
  frequency: "daily",
  deliveryTime: "09:00",
  timeZone: "Europe/London",
  anchorDate: "2025-01-01",
};
const utc = (iso: string) => new Date(iso);

describe("pause", () => {
  it("lasts up to 3 calendar months, clamped to the month's last day", () => {
    expect(latestPauseEnd(utc("2025-01-15T10:00:00Z"), "Europe/London").toISOString()).toBe(
      "2025-04-15T09:00:00.000Z", // 10:00 GMT on 15 January → 10:00 BST on 15 April
    );
    expect(latestPauseEnd(utc("2025-11-30T12:00:00Z"), null).toISOString()).toBe("2026-02-28T12:00:00.000Z");
  });

  it("refuses an end before the start, in the past, or beyond 3 months", () => {
    const now = utc("2025-01-15T10:00:00Z");
    const startsAt = now;
    expect(pauseError({ startsAt, endsAt: utc("2025-03-01T00:00:00Z") }, now, "Europe/London")).toBeNull();
    expect(pauseError({ startsAt, endsAt: utc("2025-01-14T00:00:00Z") }, now, "Europe/London")).toBe(
      "The pause must end after it starts",
    );
    expect(
      pauseError({ startsAt: utc("2024-12-01T00:00:00Z"), endsAt: utc("2025-01-01T00:00:00Z") }, now, null),
    ).toBe("The pause must end in the future");
    expect(pauseError({ startsAt, endsAt: utc("2025-04-16T00:00:00Z") }, now, "Europe/London")).toBe(
      "A pause can last up to 3 months",
    );
  });

  it("is in force from its start up to (not including) its end", () => {
    const pause = { startsAt: utc("2025-02-01T00:00:00Z"), endsAt: utc("2025-02-10T00:00:00Z") };
    expect(isPaused(pause, utc("2025-01-31T23:59:00Z"))).toBe(false);
    expect(isPaused(pause, utc("2025-02-05T00:00:00Z"))).toBe(true);
    expect(isPaused(pause, utc("2025-02-10T00:00:00Z"))).toBe(false);
    expect(isPaused(null, utc("2025-02-05T00:00:00Z"))).toBe(false);
  });

  it("the first send after a pause is the first slot at or after its end, across a clock change", () => {
    const pause = { startsAt: utc("2025-03-01T00:00:00Z"), endsAt: utc("2025-04-02T08:00:00Z") }; // 09:00 BST
    const options = { pause, quietHours: null };
    expect(nextSendAfter(daily, utc("2025-03-01T09:00:00Z"), options).toISOString()).toBe(
      "2025-04-02T08:00:00.000Z",
    );
    expect(nextSendAfter(daily, utc("2025-02-27T09:00:00Z"), options).toISOString()).toBe(
      "2025-02-28T09:00:00.000Z",
    );
  });

  it("a slot inside quiet hours goes at the window's end, and hourly night slots collapse into that one send", () => {
    const hourly: Schedule = {
      ...daily,
      frequency: "hourly",
      deliveryTime: "00:00",
      timeZone: "America/New_York",
    };
    const options = { pause: null, quietHours: { start: "22:00", end: "07:00" } };
    const first = nextSendAfter(hourly, utc("2025-01-11T02:30:00Z"), options); // 21:30 EST → 22:00 is quiet
    expect(first.toISOString()).toBe("2025-01-11T12:00:00.000Z"); // 07:00 EST
    expect(nextSendAfter(hourly, first, options).toISOString()).toBe("2025-01-11T13:00:00.000Z");
  });

  it("lets a due send go now, or holds it to the end of a pause or of the quiet window it fell into", () => {
    const controls = { pause: null, quietHours: { start: "22:00", end: "07:00" } };
    const evening = utc("2025-01-15T21:30:00Z");
    expect(sendableFrom(daily, evening, controls)).toEqual(evening);
    expect(sendableFrom(daily, utc("2025-01-15T23:10:00Z"), controls).toISOString()).toBe(
      "2025-01-16T07:00:00.000Z",
    );
    const pause = { startsAt: utc("2025-01-10T00:00:00Z"), endsAt: utc("2025-01-20T00:00:00Z") };
    expect(sendableFrom(daily, evening, { ...controls, pause }).toISOString()).toBe(
      "2025-01-20T09:00:00.000Z",
    );
    expect(sendableFrom(daily, utc("2025-01-20T08:00:00Z"), { ...controls, pause })).toEqual(
      utc("2025-01-20T08:00:00Z"),
    );
  });

  it("resumes without a burst: the backlog is re-dated at most the cap per user day, oldest first", () => {
    const clock = { timeZone: "America/New_York", dayStartHour: 4 };
    const backlog = Array.from({ length: 45 }, (_, index) => ({
      id: index,
      due: new Date(Date.UTC(2025, 1, 1) + index * 3_600_000),
    }));
    const moved = respreadBacklog(backlog, utc("2025-03-07T14:00:00Z"), 20, clock);
    expect(moved).toHaveLength(25); // the 20 oldest stay due on the resume day
    expect(
      moved.slice(0, 20).every((review) => review.due.toISOString() === "2025-03-08T09:00:00.000Z"),
    ).toBe(true);
    // 9 March: New York springs forward at 02:00, so 04:00 EDT is 08:00 UTC.
    expect(moved.slice(20).map((review) => review.due.toISOString())).toEqual(
      Array(5).fill("2025-03-09T08:00:00.000Z"),
    );
    expect(moved[0]!.id).toBe(20);
  });
});
