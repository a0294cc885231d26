import { describe, expect, it } from "vitest";
import { epochMillisecondsOf, isoTextOfEpochMilliseconds } from "./epoch-instant";

describe("instants read as seconds since the epoch", () => {
  it("writes every instant as Date#toISOString does, leap days, year ends and far years included", () => {
    const instants = [
      0, -1, 951_782_400_000 /* 2000-02-29 */, 1_735_689_599_999, 4_107_542_400_000 /* 2100-03-01 */,
      -62_167_219_200_000 /* 0000-01-01 */, 253_402_300_799_999 /* 9999-12-31T23:59:59.999 */,
      253_402_300_800_000 /* +010000 */, -62_167_219_200_001 /* -000001 */,
    ];
    // And a spread of instants from 1900 to 2200, each with its own millisecond.
    for (let index = 0; index < 20_000; index += 1)
      instants.push(Math.round(-2_208_988_800_000 + ((index * 7_919_347_123_457) % 9_467_280_000_000)));
    // And runs of instants on one day (the day's text is reused), around a far year that is left to toISOString.
    for (const day of [20_000, 20_000, -1, 2_932_897 /* +010000 */, 20_000, 20_001])
      for (let offset = 0; offset < 86_400_000; offset += 3_599_999) instants.push(day * 86_400_000 + offset);
    for (const instant of instants)
      expect(isoTextOfEpochMilliseconds(instant)).toBe(new Date(instant).toISOString());
  });

  it("keeps the millisecond of a double a hair below or above it, and cuts the microseconds", () => {
    // As date_part('epoch', …) returns them: .007 is not exact in a double, .123999 must not become .124.
    expect(isoTextOfEpochMilliseconds(epochMillisecondsOf(1_744_012_860.007))).toBe(
      "2025-04-07T08:01:00.007Z",
    );
    expect(isoTextOfEpochMilliseconds(epochMillisecondsOf(1_744_014_600.123999))).toBe(
      "2025-04-07T08:30:00.123Z",
    );
    for (let millisecond = 0; millisecond < 1000; millisecond += 1) {
      const seconds = 1_744_012_860 + millisecond / 1000;
      expect(epochMillisecondsOf(seconds)).toBe(1_744_012_860_000 + millisecond);
    }
  });
});
