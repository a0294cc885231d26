import { describe, expect, it } from "vitest";
import { isGsm7, measureSms, toGsm7Lookalikes } from "./sms-text";

describe("text message length", () => {
  it("counts GSM-7 in septets, two for the extension characters, 160 to a single text and 153 a part", () => {
    expect(measureSms("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(measureSms("a".repeat(161))).toEqual({ encoding: "GSM-7", units: 161, segments: 2 });
    expect(measureSms("a".repeat(306)).segments).toBe(2);
    expect(measureSms("a".repeat(307)).segments).toBe(3);
    expect(measureSms("€".repeat(80))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(measureSms(`${"a".repeat(159)}{`).segments).toBe(2);
    expect(isGsm7("Café, Ñoño & Straße @ 5 £ ¿?")).toBe(true);
    expect(isGsm7("Ñandú")).toBe(false);
  });

  it("turns the whole text into UCS-2 for one character outside the GSM alphabet: 70 a text, 67 a part", () => {
    expect(measureSms(`${"a".repeat(69)}ï`)).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(measureSms(`${"a".repeat(70)}ï`).segments).toBe(2);
    expect(measureSms(`${"a".repeat(133)}ï`).segments).toBe(2);
    expect(measureSms(`${"a".repeat(134)}ï`).segments).toBe(3);
    // An emoji is two UTF-16 units.
    expect(measureSms("📘").units).toBe(2);
  });

  it("swaps typographic quotes, dashes and ellipses for GSM-7 twins", () => {
    const typed = "It\u2019s \u201Cjargon\u201D \u2014 a term\u2026";
    expect(isGsm7(typed)).toBe(false);
    expect(toGsm7Lookalikes(typed)).toBe('It\'s "jargon" - a term...');
    expect(isGsm7(toGsm7Lookalikes(typed))).toBe(true);
  });
});
