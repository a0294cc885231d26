/**
 * How long a text message is, as the network counts it. A text is sent in GSM-7 (160 characters a segment) when
 * every character is in the GSM 03.38 alphabet; a single other character turns the whole text into UCS-2, 70
 * UTF-16 units a segment. Longer texts are split into segments of 153 (GSM-7) or 67 (UCS-2), each billed.
 */

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿" +
  "abcdefghijklmnopqrstuvwxyzäöñüà";
/** The extension table: each of these costs two septets (an escape, then the character). */
const GSM7_EXTENDED = "^{}\\[~]|€\f";

const basic = new Set(GSM7_BASIC);
const extended = new Set(GSM7_EXTENDED);

export const SMS_SINGLE_GSM7 = 160;
export const SMS_SINGLE_UCS2 = 70;
const SMS_PART_GSM7 = 153;
const SMS_PART_UCS2 = 67;

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsLength {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

export const isGsm7 = (text: string) => [...text].every((char) => basic.has(char) || extended.has(char));

export function measureSms(text: string): SmsLength {
  if (isGsm7(text)) {
    const units = [...text].reduce((sum, char) => sum + (extended.has(char) ? 2 : 1), 0);
    return { encoding: "GSM-7", units, segments: segmentsFor(units, SMS_SINGLE_GSM7, SMS_PART_GSM7) };
  }
  const units = text.length;
  return { encoding: "UCS-2", units, segments: segmentsFor(units, SMS_SINGLE_UCS2, SMS_PART_UCS2) };
}

const segmentsFor = (units: number, single: number, part: number) =>
  units <= single ? 1 : Math.ceil(units / part);

/** Typography that has a plain GSM-7 twin: a curly quote alone would otherwise cost more than half the text. */
const GSM7_LOOKALIKES: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u2033": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u00A0": " ",
  "\u2009": " ",
  "\u202F": " ",
  "\u2022": "*",
  "\t": " ",
};

export const toGsm7Lookalikes = (text: string) =>
  text.replace(
    /[\u2018\u2019\u201A\u2032\u201C\u201D\u201E\u2033\u2013\u2014\u2212\u2026\u00A0\u2009\u202F\u2022\t]/g,
    (char) => GSM7_LOOKALIKES[char] ?? char,
  );
