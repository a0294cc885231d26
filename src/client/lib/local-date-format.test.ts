import { afterEach, describe, expect, it } from "vitest";
import { DATE_LOCALE } from "@shared/constants";
import { localDateFormat, type DateFormatOptions } from "./local-date-format";

const processZone = process.env.TZ;
afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

/** Every format the app's screens write (their modules name them; the e2e suites read them back with Intl). */
const FORMATS: DateFormatOptions[] = [
  { month: "long", day: "numeric", year: "numeric" },
  { month: "short", day: "numeric", year: "numeric" },
  { weekday: "long", month: "long", day: "numeric" },
  { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" },
  { month: "short", day: "numeric", timeZone: "UTC" },
  { hour: "numeric", minute: "2-digit" },
  { hour: "numeric", minute: "2-digit", timeZone: "UTC" },
  { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
];

/** Every month and weekday, every hour of the day (midnight and noon included), a leap day and a new year. */
const INSTANTS = [
  ...Array.from(
    { length: 400 },
    (_, index) => new Date(Date.UTC(2026, 0, 1) + index * 22 * 3_600_000 + index * 60_000),
  ),
  new Date("2028-02-29T12:00:00Z"),
  new Date("2026-12-31T23:59:00Z"),
];

describe("a date written without Intl", () => {
  for (const zone of ["America/Los_Angeles", "Asia/Kolkata", "UTC"]) {
    it(`writes what Intl writes for every format the screens use, in ${zone}`, () => {
      process.env.TZ = zone;
      for (const options of FORMATS) {
        const ours = localDateFormat(options);
        const intl = new Intl.DateTimeFormat(DATE_LOCALE, options);
        for (const instant of INSTANTS) expect(ours.format(instant)).toBe(intl.format(instant));
      }
    });
  }

  it("follows the zone the server draws the next member's screen in", () => {
    const hour = localDateFormat({ hour: "numeric", minute: "2-digit" });
    const instant = new Date("2026-11-29T07:30:00Z");
    process.env.TZ = "America/Los_Angeles";
    expect(hour.format(instant)).toBe("11:30 PM");
    process.env.TZ = "Asia/Tokyo";
    expect(hour.format(instant)).toBe("4:30 PM");
  });
});
