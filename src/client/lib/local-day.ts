// The browser-local calendar day as "YYYY-MM-DD", without date-fns's format and parse: those two bring its whole
// token engine and locale (about 5 KB gzipped) into the first load of /history (issue 25).

const pad = (value: number) => String(value).padStart(2, "0");

/** The local calendar day of an instant: "2026-03-09". */
export function localDayOf(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, "0")}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The local midnight of a "YYYY-MM-DD" day (one- or two-digit month and day accepted, as date-fns's parse did), or
 * null when the text is not a real calendar day ("2025-02-30", "yesterday").
 */
export function localDateOfDay(text: string): Date | null {
  const match = /^(\d{1,4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(2000, month - 1, day);
  date.setFullYear(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
