import { describe, expect, it } from "vitest";
import type { Frequency } from "../constants";
import { localDateOf, nextDeliveryAfter, type Schedule } from "./schedule";

const schedule = (frequency: Frequency, overrides: Partial<Schedule> = {}): Schedule => ({
  frequency,
  deliveryTime: "09:00",
  timeZone: "UTC",
  anchorDate: "2025-03-03",
  ...overrides,
});

/** The first `count` slots after `from`, as ISO strings. */
function slots(s: Schedule, from: string, count: number): string[] {
  const out: string[] = [];
  let after = new Date(from);
  for (let i = 0; i < count; i += 1) {
    after = nextDeliveryAfter(s, after);
    out.push(after.toISOString());
  }
  return out;
}

describe("nextDeliveryAfter", () => {
  it("hourly: every hour at the delivery time's minute", () => {
    expect(slots(schedule("hourly", { deliveryTime: "07:15" }), "2025-03-03T10:20:00Z", 3)).toEqual([
      "2025-03-03T11:15:00.000Z",
      "2025-03-03T12:15:00.000Z",
      "2025-03-03T13:15:00.000Z",
    ]);
  });

  it("is strictly after: a slot equal to `after` is not repeated", () => {
    expect(nextDeliveryAfter(schedule("daily"), new Date("2025-03-03T09:00:00Z")).toISOString()).toBe(
      "2025-03-04T09:00:00.000Z",
    );
  });

  it("every4hours: every 4 hours counted from the delivery time, wrapping midnight", () => {
    expect(slots(schedule("every4hours", { deliveryTime: "10:30" }), "2025-03-03T15:00:00Z", 4)).toEqual([
      "2025-03-03T18:30:00.000Z",
      "2025-03-03T22:30:00.000Z",
      "2025-03-04T02:30:00.000Z",
      "2025-03-04T06:30:00.000Z",
    ]);
  });

  it("every2hours and every8hours run from 09:00 whatever time is stored", () => {
    expect(slots(schedule("every2hours", { deliveryTime: "10:30" }), "2025-03-03T09:00:00Z", 2)).toEqual([
      "2025-03-03T11:00:00.000Z",
      "2025-03-03T13:00:00.000Z",
    ]);
    expect(slots(schedule("every8hours"), "2025-03-03T09:00:00Z", 3)).toEqual([
      "2025-03-03T17:00:00.000Z",
      "2025-03-04T01:00:00.000Z",
      "2025-03-04T09:00:00.000Z",
    ]);
  });

  it("daily: at the delivery time every day", () => {
    expect(slots(schedule("daily", { deliveryTime: "18:45" }), "2025-03-03T19:00:00Z", 2)).toEqual([
      "2025-03-04T18:45:00.000Z",
      "2025-03-05T18:45:00.000Z",
    ]);
  });

  it("every2days, weekly and biweekly: 09:00 every 2 / 7 / 14 days from the day of creation", () => {
    // Created Monday 2025-03-03 at 10:00, after that day's 09:00.
    const created = "2025-03-03T10:00:00Z";
    expect(slots(schedule("every2days"), created, 2)).toEqual([
      "2025-03-05T09:00:00.000Z",
      "2025-03-07T09:00:00.000Z",
    ]);
    expect(slots(schedule("weekly"), created, 2)).toEqual([
      "2025-03-10T09:00:00.000Z",
      "2025-03-17T09:00:00.000Z",
    ]);
    expect(slots(schedule("biweekly"), created, 2)).toEqual([
      "2025-03-17T09:00:00.000Z",
      "2025-03-31T09:00:00.000Z",
    ]);
    // Created before 09:00: the creation day itself is day 0.
    expect(slots(schedule("weekly"), "2025-03-03T08:00:00Z", 1)).toEqual(["2025-03-03T09:00:00.000Z"]);
  });

  it("works in the user's zone: 09:00 in Tokyo is 00:00 UTC", () => {
    expect(slots(schedule("daily", { timeZone: "Asia/Tokyo" }), "2025-03-03T01:00:00Z", 2)).toEqual([
      "2025-03-04T00:00:00.000Z",
      "2025-03-05T00:00:00.000Z",
    ]);
  });

  it("keeps a daily 09:00 at 09:00 local across the spring-forward change (New York, 9 March 2025)", () => {
    expect(slots(schedule("daily", { timeZone: "America/New_York" }), "2025-03-08T12:00:00Z", 3)).toEqual([
      "2025-03-08T14:00:00.000Z", // EST, UTC-5
      "2025-03-09T13:00:00.000Z", // EDT, UTC-4
      "2025-03-10T13:00:00.000Z",
    ]);
  });

  it("keeps a weekly 09:00 across the fall-back change (London, 26 October 2025)", () => {
    const s = schedule("weekly", { timeZone: "Europe/London", anchorDate: "2025-10-19" });
    expect(slots(s, "2025-10-19T12:00:00Z", 2)).toEqual([
      "2025-10-26T09:00:00.000Z", // GMT again, UTC+0
      "2025-11-02T09:00:00.000Z",
    ]);
    expect(slots(s, "2025-10-12T12:00:00Z", 1)).toEqual(["2025-10-19T08:00:00.000Z"]); // BST, UTC+1
  });

  it("hourly over spring-forward: the skipped 02:30 is delivered when clocks jump, then hourly resumes", () => {
    expect(
      slots(
        schedule("hourly", { deliveryTime: "00:30", timeZone: "America/New_York" }),
        "2025-03-09T05:00:00Z",
        3,
      ),
    ).toEqual([
      "2025-03-09T05:30:00.000Z", // 00:30 EST
      "2025-03-09T06:30:00.000Z", // 01:30 EST
      "2025-03-09T07:30:00.000Z", // 03:30 EDT (02:30 does not exist)
    ]);
  });

  it("hourly over fall-back: each wall-clock time once, so the repeated 01:30 is delivered once", () => {
    expect(
      slots(
        schedule("hourly", { deliveryTime: "00:30", timeZone: "America/New_York" }),
        "2025-11-02T04:00:00Z",
        3,
      ),
    ).toEqual([
      "2025-11-02T04:30:00.000Z", // 00:30 EDT
      "2025-11-02T05:30:00.000Z", // 01:30 EDT
      "2025-11-02T07:30:00.000Z", // 02:30 EST
    ]);
  });

  it("a daily time inside the skipped hour arrives when clocks jump past it", () => {
    expect(
      slots(
        schedule("daily", { deliveryTime: "02:30", timeZone: "America/New_York" }),
        "2025-03-08T12:00:00Z",
        2,
      ),
    ).toEqual(["2025-03-09T07:30:00.000Z", "2025-03-10T06:30:00.000Z"]);
  });

  it("a null zone means UTC", () => {
    expect(
      nextDeliveryAfter(
        schedule("daily", { timeZone: null }),
        new Date("2025-03-03T00:00:00Z"),
      ).toISOString(),
    ).toBe("2025-03-03T09:00:00.000Z");
  });
});

describe("localDateOf", () => {
  it("names the day in the zone", () => {
    expect(localDateOf(new Date("2025-03-03T23:30:00Z"), "Asia/Tokyo")).toBe("2025-03-04");
    expect(localDateOf(new Date("2025-03-03T23:30:00Z"), null)).toBe("2025-03-03");
  });
});
