import { describe, expect, it } from "vitest";
import { resumeDayText } from "./format";

describe("a pause's end", () => {
  it("names the day deliveries resume in the learner's zone", () => {
    // The start of 12 March in New York (the day start is 04:00) is 08:00 UTC.
    expect(resumeDayText("2026-03-12T08:00:00.000Z", "America/New_York")).toBe("Thursday, March 12, 2026");
    expect(resumeDayText("2026-03-12T00:00:00.000Z", null)).toBe("Thursday, March 12, 2026");
  });
});
