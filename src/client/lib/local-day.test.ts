import { describe, expect, it } from "vitest";
import { localDateOfDay, localDayOf } from "./local-day";

describe("local calendar days", () => {
  it("writes an instant's local day with padded month and day", () => {
    expect(localDayOf(new Date(2026, 2, 9, 23, 59))).toBe("2026-03-09");
    expect(localDayOf(new Date(2025, 11, 31, 0, 0))).toBe("2025-12-31");
  });

  it("reads a day as its local midnight, and back", () => {
    const date = localDateOfDay("2026-03-09");
    expect(date?.getTime()).toBe(new Date(2026, 2, 9).getTime());
    expect(localDayOf(date!)).toBe("2026-03-09");
    expect(localDateOfDay("2026-3-9")?.getTime()).toBe(new Date(2026, 2, 9).getTime());
  });

  it("refuses what is not a calendar day", () => {
    for (const text of ["2025-02-30", "2025-13-01", "2025-00-10", "yesterday", "2025-01-01T00:00", ""])
      expect(localDateOfDay(text)).toBeNull();
  });
});
