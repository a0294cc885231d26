import { describe, expect, it } from "vitest";
import { isQuiet, isValidQuietHours, moveOutOfQuietHours } from "./quiet-hours";

const night = { start: "22:00", end: "07:00" };
const moved = (iso: string, window = night, zone: string | null = "Europe/London") =>
  moveOutOfQuietHours(new Date(iso), window, zone).toISOString();

describe("quiet hours", () => {
  it("a window wrapping midnight holds late evening and early morning, not the day", () => {
    const quiet = (iso: string) => isQuiet(new Date(iso), night, "Europe/London");
    expect(quiet("2025-01-10T21:59:00Z")).toBe(false);
    expect(quiet("2025-01-10T22:00:00Z")).toBe(true);
    expect(quiet("2025-01-11T03:00:00Z")).toBe(true);
    expect(quiet("2025-01-11T07:00:00Z")).toBe(false);
    expect(quiet("2025-01-11T12:00:00Z")).toBe(false);
  });

  it("a daytime window holds only its hours", () => {
    const lunch = { start: "12:00", end: "13:30" };
    expect(isQuiet(new Date("2025-01-10T12:45:00Z"), lunch, null)).toBe(true);
    expect(isQuiet(new Date("2025-01-10T13:30:00Z"), lunch, null)).toBe(false);
    expect(isQuiet(new Date("2025-01-10T11:59:00Z"), lunch, null)).toBe(false);
  });

  it("no window means never quiet, and nothing moves", () => {
    expect(isQuiet(new Date("2025-01-10T03:00:00Z"), null, "Europe/London")).toBe(false);
    expect(moveOutOfQuietHours(new Date("2025-01-10T03:00:00Z"), null, "Europe/London").toISOString()).toBe(
      "2025-01-10T03:00:00.000Z",
    );
  });

  it("a slot inside moves to the end of the window: the same morning, or the next one before midnight", () => {
    expect(moved("2025-01-11T03:00:00Z")).toBe("2025-01-11T07:00:00.000Z");
    expect(moved("2025-01-10T23:00:00Z")).toBe("2025-01-11T07:00:00.000Z");
    expect(moved("2025-01-10T09:00:00Z")).toBe("2025-01-10T09:00:00.000Z");
  });

  it("follows the local clock in New York: the window's hours are local, whatever the UTC offset", () => {
    // 23:30 EST on 10 January is 04:30 UTC the next day; 07:00 EST is 12:00 UTC.
    expect(moved("2025-01-11T04:30:00Z", night, "America/New_York")).toBe("2025-01-11T12:00:00.000Z");
    expect(isQuiet(new Date("2025-01-11T12:00:00Z"), night, "America/New_York")).toBe(false);
  });

  it("is DST-correct across London's spring-forward night (the window is one hour shorter)", () => {
    // 23:00 GMT on 29 March; clocks jump at 01:00 GMT; the window ends at 07:00 BST = 06:00 UTC.
    expect(moved("2025-03-29T23:00:00Z")).toBe("2025-03-30T06:00:00.000Z");
  });

  it("is DST-correct across London's fall-back night (the window is one hour longer)", () => {
    // 23:00 BST on 25 October is 22:00 UTC; the window ends at 07:00 GMT = 07:00 UTC.
    expect(moved("2025-10-25T22:00:00Z")).toBe("2025-10-26T07:00:00.000Z");
    // The repeated hour 01:00–02:00 is quiet both times it passes.
    expect(isQuiet(new Date("2025-10-26T00:30:00Z"), night, "Europe/London")).toBe(true);
    expect(isQuiet(new Date("2025-10-26T01:30:00Z"), night, "Europe/London")).toBe(true);
  });

  it("an end time skipped by spring-forward moves on by the gap, never into the window", () => {
    // London has no 01:00–02:00 on 30 March 2025; a window ending 01:30 ends at 02:30 BST (01:30 UTC).
    const end = moveOutOfQuietHours(
      new Date("2025-03-30T00:10:00Z"),
      { start: "23:00", end: "01:30" },
      "Europe/London",
    );
    expect(end.toISOString()).toBe("2025-03-30T01:30:00.000Z");
    expect(isQuiet(end, { start: "23:00", end: "01:30" }, "Europe/London")).toBe(false);
  });

  it("rejects malformed and empty windows", () => {
    expect(isValidQuietHours(night)).toBe(true);
    expect(isValidQuietHours({ start: "22:00", end: "22:00" })).toBe(false);
    expect(isValidQuietHours({ start: "24:00", end: "07:00" })).toBe(false);
    expect(isValidQuietHours({ start: "7:00", end: "08:00" })).toBe(false);
  });
});
