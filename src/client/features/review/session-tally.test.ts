import { describe, expect, it } from "vitest";
import type { Rating } from "@shared/api/learning";
import { addGrade, EMPTY_TALLY, formatDueIn, formatInterval } from "./session-tally";

const result = (rating: Rating, due: string) => ({
  rating,
  due,
  comesBack: "tomorrow",
  state: "review" as const,
  stability: 3,
});

describe("a review session's figures", () => {
  it("count each grade and keep the earliest next due", () => {
    let tally = addGrade(EMPTY_TALLY, result(3, "2026-01-05T10:00:00.000Z"));
    tally = addGrade(tally, result(1, "2026-01-01T10:10:00.000Z"));
    tally = addGrade(tally, result(3, "2026-01-04T10:00:00.000Z"));
    expect(tally).toEqual({
      reviewed: 3,
      counts: { 1: 1, 2: 0, 3: 2, 4: 0 },
      nextDue: "2026-01-01T10:10:00.000Z",
    });
    expect(EMPTY_TALLY.reviewed).toBe(0);
  });
});

describe("when a card comes back", () => {
  const now = new Date("2026-01-01T10:00:00.000Z");
  it("reads in minutes, hours, then days", () => {
    expect(formatDueIn("2026-01-01T10:00:20.000Z", now)).toBe("now");
    expect(formatDueIn("2026-01-01T10:10:00.000Z", now)).toBe("in 10 minutes");
    expect(formatDueIn("2026-01-01T13:00:00.000Z", now)).toBe("in 3 hours");
    expect(formatDueIn("2026-01-02T10:00:00.000Z", now)).toBe("tomorrow");
    expect(formatDueIn("2026-01-13T10:00:00.000Z", now)).toBe("in 12 days");
  });
});

describe("the interval on a grade button", () => {
  const now = new Date("2026-01-01T10:00:00.000Z");
  it("reads short, as Anki's do", () => {
    expect(formatInterval("2026-01-01T10:00:20.000Z", now)).toBe("1 min");
    expect(formatInterval("2026-01-01T10:10:00.000Z", now)).toBe("10 min");
    expect(formatInterval("2026-01-01T16:00:00.000Z", now)).toBe("6 h");
    expect(formatInterval("2026-01-02T10:00:00.000Z", now)).toBe("1 day");
    expect(formatInterval("2026-01-13T10:00:00.000Z", now)).toBe("12 days");
    expect(formatInterval("2026-04-01T10:00:00.000Z", now)).toBe("3 mo");
    expect(formatInterval("2027-07-01T10:00:00.000Z", now)).toBe("1.5 yr");
  });
});
