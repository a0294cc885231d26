import { describe, expect, it } from "vitest";
import { timedFrequencyText } from "./frequencies";

/**
 * Issue 28: a subscription card read "Every Hour at 9:00 AM", a time an hourly send does not keep. The card says
 * what the schedule delivers: the minute of every hour, the hours a shorter interval includes, the day's time.
 */
describe("a frequency with its time, as the subscription card says it", () => {
  const twelveHour = (time: string) => {
    const [hours = 0, minutes = 0] = time.split(":").map(Number);
    return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
  };

  it("an hourly send names its minute, never a time of day", () => {
    expect(timedFrequencyText("hourly", "09:00", twelveHour)).toBe("Every Hour, on the hour");
    expect(timedFrequencyText("hourly", "09:30", twelveHour)).toBe("Every Hour at 30 past");
    expect(timedFrequencyText("hourly", "09:00", twelveHour)).not.toMatch(/AM|PM/);
  });

  it("a daily send names its time; a shorter interval names one of the times it includes", () => {
    expect(timedFrequencyText("daily", "09:00", twelveHour)).toBe("Daily at 9:00 AM");
    expect(timedFrequencyText("every4hours", "21:00", twelveHour)).toBe("Every 4 Hours, including 9:00 PM");
  });
});
