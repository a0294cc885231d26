import { sql, type SQLWrapper } from "drizzle-orm";

// Instants a hot query reads as seconds since the epoch (date_part: a double with the microseconds), rather than as
// text: PostgreSQL writes a double far cheaper than to_char's or timestamptz's text (on the poll's miss, four such
// instants a row were a quarter of its CPU), and this process writes the ISO text itself, far cheaper than
// Date#toISOString (about 0.5 µs a call in V8, which goes through its time-zone machinery even for UTC).

/** An instant as seconds since the epoch, with its microseconds; null stays null. */
export const epochSeconds = (instant: SQLWrapper) => sql<number | null>`date_part('epoch', ${instant})`;

/**
 * The millisecond of an instant read by epochSeconds: rounded to whole microseconds first, so a double a hair below
 * the true value never loses a millisecond, then cut to milliseconds as Date and to_char's MS do.
 */
export function epochMillisecondsOf(epochSeconds: number): number {
  return Math.floor(Math.round(epochSeconds * 1e6) / 1000);
}

const DAY_MS = 86_400_000;
/** "00" to "59" and "000" to "999": a table lookup is cheaper than padding a number's text. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, value) => String(value).padStart(3, "0"));

/** The day last written (its "YYYY-MM-DDT"): a list's instants fall on a few days, so most calls reuse it. */
let lastDay = Number.NaN;
let lastDayText = "";

/**
 * The instant as Date#toISOString writes it (YYYY-MM-DDTHH:mm:ss.sssZ), from whole days and the time of day
 * (the days-to-civil-date algorithm of Howard Hinnant's "chrono-Compatible Low-Level Date Algorithms"). Years outside
 * 0000-9999, which toISOString writes with a sign and six digits, are left to it.
 */
export function isoTextOfEpochMilliseconds(milliseconds: number): string {
  const days = Math.floor(milliseconds / DAY_MS);
  if (days !== lastDay) {
    const dayText = civilDayText(days);
    if (dayText === null) return new Date(milliseconds).toISOString();
    lastDay = days;
    lastDayText = dayText;
  }
  let time = milliseconds - days * DAY_MS;
  const hours = Math.floor(time / 3_600_000);
  time -= hours * 3_600_000;
  const minutes = Math.floor(time / 60_000);
  time -= minutes * 60_000;
  const seconds = Math.floor(time / 1000);
  return `${lastDayText}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[time - seconds * 1000]}Z`;
}

/** "YYYY-MM-DDT" of a day counted from 1970-01-01; null outside the years 0000-9999. */
function civilDayText(days: number): string | null {
  const shifted = days + 719_468; // days from 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < 0 || year > 9999) return null;
  return `${String(year).padStart(4, "0")}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T`;
}
