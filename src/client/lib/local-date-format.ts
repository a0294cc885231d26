/**
 * Dates and times in US English, in the local zone (or, asked for, in UTC: a calendar day, a wall-clock time), written
 * from the date's own fields as `Intl.DateTimeFormat` writes them for the same options (local-date-format.test.ts
 * holds the two to the same text). Not Intl itself: a page's first Intl object loads the browser's locale data, a
 * task of 40-70 ms on a phone-class CPU (160-280 ms under Lighthouse's slowdown), and /history and /progress made
 * one while the app took the server's drawing over (docs/client.md, "The first render in pieces"). The server draws
 * a member's screen with the process switched to the member's zone (server-paint.tsx), and the date's fields follow.
 */
export interface DateFormatOptions {
  weekday?: "long" | "short";
  month?: "long" | "short";
  day?: "numeric";
  year?: "numeric";
  hour?: "numeric";
  minute?: "2-digit";
  /** "UTC": the date's UTC fields (a calendar day, a wall-clock time), not the local zone's. */
  timeZone?: "UTC";
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

interface Fields {
  weekday: number;
  month: number;
  day: number;
  year: number;
  hours: number;
  minutes: number;
}

const localFields = (date: Date): Fields => ({
  weekday: date.getDay(),
  month: date.getMonth(),
  day: date.getDate(),
  year: date.getFullYear(),
  hours: date.getHours(),
  minutes: date.getMinutes(),
});

const utcFields = (date: Date): Fields => ({
  weekday: date.getUTCDay(),
  month: date.getUTCMonth(),
  day: date.getUTCDate(),
  year: date.getUTCFullYear(),
  hours: date.getUTCHours(),
  minutes: date.getUTCMinutes(),
});

function datePart(fields: Fields, options: DateFormatOptions): string | undefined {
  if (!options.month && !options.day && !options.weekday) return undefined;
  const monthName = MONTHS[fields.month] ?? "";
  // US English's short month is the long one's first three letters ("Sep", where British English writes "Sept").
  const month = options.month === "short" ? monthName.slice(0, 3) : options.month ? monthName : "";
  let text = [month, options.day ? String(fields.day) : ""].filter(Boolean).join(" ");
  if (options.year) text = `${text}, ${fields.year}`;
  if (!options.weekday) return text;
  const weekday = WEEKDAYS[fields.weekday] ?? "";
  return `${options.weekday === "long" ? weekday : weekday.slice(0, 3)}, ${text}`;
}

function timePart(fields: Fields, options: DateFormatOptions): string | undefined {
  if (!options.hour) return undefined;
  const hour = fields.hours % 12 === 0 ? 12 : fields.hours % 12;
  const minutes = options.minute ? `:${String(fields.minutes).padStart(2, "0")}` : "";
  return `${hour}${minutes} ${fields.hours < 12 ? "AM" : "PM"}`;
}

/**
 * A date format of the local zone (or UTC), in the app's DATE_LOCALE (US English): `format` writes what
 * Intl.DateTimeFormat(DATE_LOCALE, options) would.
 */
export function localDateFormat(options: DateFormatOptions): { format: (date: Date) => string } {
  const fieldsOf = options.timeZone === "UTC" ? utcFields : localFields;
  return {
    format(date) {
      const fields = fieldsOf(date);
      return [datePart(fields, options), timePart(fields, options)]
        .filter((part) => part !== undefined)
        .join(", ");
    },
  };
}
