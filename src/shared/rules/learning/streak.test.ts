import { describe, expect, it } from "vitest";
import { computeStreak } from "./streak";

const utcClock = { timeZone: null, dayStartHour: 0 };
/** One grade at 12:00 UTC on each listed day of June 2025. */
const june = (...days: number[]) => days.map((day) => new Date(Date.UTC(2025, 5, day, 12)));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const at = (day: number, hour = 20) => new Date(Date.UTC(2025, 5, day, hour));

describe("the streak", () => {
  it("is 0 with no grades", () => {
    expect(computeStreak([], at(10), utcClock)).toEqual({ current: 0, freezesHeld: 0, frozenDays: [] });
  });

  it("counts graded days in a row; several grades in a day count once", () => {
    const grades = [...june(1, 2, 3), at(3, 13), at(3, 14)];
    expect(computeStreak(grades, at(3), utcClock).current).toBe(3);
  });

  it("is not broken by today before today's grade, but is by a whole missed day", () => {
    expect(computeStreak(june(1, 2, 3), at(4), utcClock).current).toBe(3);
    expect(computeStreak(june(1, 2, 3), at(5), utcClock).current).toBe(0);
  });

  it("earns a freeze per completed 7-day run, holding at most 2", () => {
    expect(computeStreak(june(...range(1, 6)), at(6), utcClock).freezesHeld).toBe(0);
    expect(computeStreak(june(...range(1, 7)), at(7), utcClock).freezesHeld).toBe(1);
    expect(computeStreak(june(...range(1, 14)), at(14), utcClock).freezesHeld).toBe(2);
    expect(computeStreak(june(...range(1, 28)), at(28), utcClock)).toEqual({
      current: 28,
      freezesHeld: 2,
      frozenDays: [],
    });
  });

  it("spends a freeze on a missed day: the streak survives without counting that day", () => {
    const streak = computeStreak(june(...range(1, 7), 9, 10), at(10), utcClock);
    expect(streak).toEqual({ current: 9, freezesHeld: 0, frozenDays: ["2025-06-08"] });
  });

  it("breaks when a day is missed with no freeze left", () => {
    expect(computeStreak(june(...range(1, 7), 10, 11), at(11), utcClock)).toEqual({
      current: 2,
      freezesHeld: 0,
      frozenDays: [],
    });
  });

  it("counts in the user's day: a 4 am day start keeps a 2 am grade in the evening's day", () => {
    const clock = { timeZone: "Europe/London", dayStartHour: 4 };
    // Late nights only: 23:00 BST on the 1st, 02:00 BST on the 3rd (still the 2nd), 22:00 BST on the 3rd.
    const grades = [
      new Date("2025-06-01T22:00:00Z"),
      new Date("2025-06-03T01:00:00Z"),
      new Date("2025-06-03T21:00:00Z"),
    ];
    expect(computeStreak(grades, new Date("2025-06-03T21:30:00Z"), clock).current).toBe(3);
    // With a midnight start the 2nd has no grade: the streak breaks (no freeze held yet).
    expect(
      computeStreak(grades, new Date("2025-06-03T21:30:00Z"), { ...clock, dayStartHour: 0 }).current,
    ).toBe(1);
  });

  it("counts days across London's October clock change (a 25-hour day is one day)", () => {
    const grades = [
      new Date("2025-10-25T12:00:00Z"),
      new Date("2025-10-26T23:30:00Z"),
      new Date("2025-10-27T12:00:00Z"),
    ];
    // 23:30 UTC on 26 October is 23:30 GMT: still the 26th.
    expect(
      computeStreak(grades, new Date("2025-10-27T13:00:00Z"), { timeZone: "Europe/London", dayStartHour: 0 })
        .current,
    ).toBe(3);
  });
});
