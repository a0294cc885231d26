import { describe, expect, it } from "vitest";
import { dayToPickerDate, pauseEndBounds, pickedDayText, pickerDateToDay } from "./pause";

describe("the pause's end date", () => {
  const london = { timeZone: "Europe/London", dayStartHour: 0 };

  it("runs from tomorrow to the same day three months on", () => {
    expect(pauseEndBounds(new Date("2026-01-15T10:00:00Z"), london)).toEqual({
      first: "2026-01-16",
      last: "2026-04-15",
    });
  });

  it("ends on the last day of a shorter month (30 November + 3 months)", () => {
    expect(pauseEndBounds(new Date("2026-11-30T12:00:00Z"), london).last).toBe("2027-02-28");
  });

  it("counts in the learner's days: before a 4 am day start it is still yesterday", () => {
    const lateNight = { timeZone: "Europe/London", dayStartHour: 4 };
    // 02:00 on 15 January belongs to 14 January, so the first day to resume on is the 15th (at 04:00), and the
    // latest resume instant (15 April, 02:00) comes before 15 April's day start: the 14th is the last day.
    expect(pauseEndBounds(new Date("2026-01-15T02:00:00Z"), lateNight)).toEqual({
      first: "2026-01-15",
      last: "2026-04-14",
    });
  });

  it("uses the learner's zone, not UTC", () => {
    // 23:30 UTC on 15 January is already the 16th in Tokyo.
    expect(
      pauseEndBounds(new Date("2026-01-15T23:30:00Z"), { timeZone: "Asia/Tokyo", dayStartHour: 0 }).first,
    ).toBe("2026-01-17");
  });

  it("goes to and from the picker's local dates unchanged", () => {
    const date = dayToPickerDate("2026-03-12");
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 2, 12]);
    expect(pickerDateToDay(date)).toBe("2026-03-12");
    expect(pickedDayText("2026-03-12")).toBe("Mar 12, 2026");
  });
});
