import { afterEach, describe, expect, it } from "vitest";
import { localDateFormat, zoneChanged } from "./local-date-format";

const processZone = process.env.TZ;
afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
  zoneChanged();
});

describe("a date format in the local zone", () => {
  const hour = localDateFormat("en-US", { hour: "numeric", minute: "2-digit" });
  const instant = new Date("2026-11-29T07:30:00Z");

  it("names the hour of the zone it first formats in", () => {
    process.env.TZ = "America/Los_Angeles";
    zoneChanged();
    expect(hour.format(instant)).toBe("11:30 PM");
  });

  it("follows the zone the server draws the next member's screen in", () => {
    process.env.TZ = "America/Los_Angeles";
    zoneChanged();
    expect(hour.format(instant)).toBe("11:30 PM");
    process.env.TZ = "Asia/Tokyo";
    zoneChanged();
    expect(hour.format(instant)).toBe("4:30 PM");
  });
});
