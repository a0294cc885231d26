import type { GradeResponse, Rating } from "@shared/api/learning";

/** What a review session has done so far: the end screen's figures. */
export interface SessionTally {
  reviewed: number;
  counts: Record<Rating, number>;
  /** The earliest moment any card of this session comes back (ISO), or null before the first grade. */
  nextDue: string | null;
}

export const EMPTY_TALLY: SessionTally = { reviewed: 0, counts: { 1: 0, 2: 0, 3: 0, 4: 0 }, nextDue: null };

/** The tally after one more grade, counted as the server recorded it (a right multiple-choice pick is Hard). */
export function addGrade(tally: SessionTally, result: GradeResponse): SessionTally {
  const { rating } = result;
  const nextDue =
    tally.nextDue === null || new Date(result.due) < new Date(tally.nextDue) ? result.due : tally.nextDue;
  return {
    reviewed: tally.reviewed + 1,
    counts: { ...tally.counts, [rating]: tally.counts[rating] + 1 },
    nextDue,
  };
}

/**
 * Made at the first use, not when the module loads: a page's first RelativeTimeFormat loads its locale data, 40 to 70
 * ms of the main thread on a 2-core host (session 46), and this module loads with every signed-in screen while only
 * the end of a review session says when a word comes back.
 */
let relativeTime: Intl.RelativeTimeFormat | undefined;
const relative = () => (relativeTime ??= new Intl.RelativeTimeFormat("en", { numeric: "auto" }));
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When a due moment is, from now: "now", "in 10 minutes", "in 3 hours", "tomorrow", "in 12 days". */
export function formatDueIn(due: string, now: Date): string {
  const ahead = new Date(due).getTime() - now.getTime();
  if (ahead < MINUTE) return "now";
  if (ahead < HOUR) return relative().format(Math.round(ahead / MINUTE), "minute");
  if (ahead < DAY) return relative().format(Math.round(ahead / HOUR), "hour");
  return relative().format(Math.round(ahead / DAY), "day");
}

const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * The interval on a grade button, short as Anki's ("1 min", "6 h", "3 days", "2 mo", "1.4 yr"): how long from now
 * until the card would come back after that grade.
 */
export function formatInterval(due: string, now: Date): string {
  const ahead = Math.max(0, new Date(due).getTime() - now.getTime());
  if (ahead < HOUR) return `${Math.max(1, Math.round(ahead / MINUTE))} min`;
  if (ahead < DAY) return `${Math.round(ahead / HOUR)} h`;
  if (ahead < 2 * MONTH) {
    const days = Math.round(ahead / DAY);
    return `${days} ${days === 1 ? "day" : "days"}`;
  }
  if (ahead < YEAR) return `${Math.round(ahead / MONTH)} mo`;
  return `${(ahead / YEAR).toFixed(1)} yr`;
}
