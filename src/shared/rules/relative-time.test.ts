import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../constants";
import { formatRelativeTime } from "./relative-time";

const now = new Date("2025-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("formatRelativeTime", () => {
  it.each([
    [0, "Just now"],
    [59 * 1000, "Just now"],
    [MINUTE_MS, "1m ago"],
    [59 * MINUTE_MS + 59 * 1000, "59m ago"],
    [HOUR_MS, "1h ago"],
    [23 * HOUR_MS + 59 * MINUTE_MS, "23h ago"],
    [DAY_MS, "Yesterday"],
    [2 * DAY_MS - 1, "Yesterday"],
    [2 * DAY_MS, "2d ago"],
    [7 * DAY_MS - 1, "6d ago"],
    [7 * DAY_MS, "1w ago"],
    [20 * DAY_MS, "2w ago"],
    [400 * DAY_MS, "57w ago"],
  ])("%i ms ago reads %s", (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it("accepts the ISO strings and epoch numbers the API sends", () => {
    expect(formatRelativeTime("2025-06-15T11:30:00.000Z", now)).toBe("30m ago");
    expect(formatRelativeTime(ago(3 * HOUR_MS).getTime(), now)).toBe("3h ago");
  });

  it("reads a moment in the future, or an unreadable one, as just now", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE_MS), now)).toBe("Just now");
    expect(formatRelativeTime("not a date", now)).toBe("Just now");
  });

  it("counts in hours only when asked (the dashboard favorites card)", () => {
    const hoursOnly = { largestUnit: "hour" } as const;
    expect(formatRelativeTime(ago(30 * 1000), now, hoursOnly)).toBe("Just now");
    expect(formatRelativeTime(ago(5 * MINUTE_MS), now, hoursOnly)).toBe("5m ago");
    expect(formatRelativeTime(ago(DAY_MS), now, hoursOnly)).toBe("24h ago");
    expect(formatRelativeTime(ago(10 * DAY_MS + 2 * HOUR_MS), now, hoursOnly)).toBe("242h ago");
  });
});
