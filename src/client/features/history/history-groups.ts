import { differenceInCalendarDays } from "date-fns";
import type { HistoryEntry } from "@shared/api/history";
import { localDayOf } from "@client/lib/local-day";
import { localDateFormat } from "@client/lib/local-date-format";

export const PENDING_GROUP_TITLE = "Pending Delivery";

const weekdayDate = localDateFormat({ weekday: "long", month: "long", day: "numeric" });
const weekdayDateYear = localDateFormat({
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});

export interface HistoryGroup {
  /** "pending", or the local calendar day "YYYY-MM-DD". */
  key: string;
  title: string;
  entries: HistoryEntry[];
}

/** "Today", "Yesterday", else "Friday, November 20" (with the year when it is not this year's). */
export function dayTitle(day: Date, now: Date): string {
  const daysAgo = differenceInCalendarDays(now, day);
  if (daysAgo === 0) return "Today";
  if (daysAgo === 1) return "Yesterday";
  return (day.getFullYear() === now.getFullYear() ? weekdayDate : weekdayDateYear).format(day);
}

/**
 * learner-core §2: entries grouped by the local day they were sent, newest day first; entries not sent yet
 * go into 'Pending Delivery', shown first (they are the newest). Entries keep their order inside a group.
 */
export function groupHistory(entries: readonly HistoryEntry[], now: Date): HistoryGroup[] {
  const pending: HistoryEntry[] = [];
  const byDay = new Map<string, { day: Date; entries: HistoryEntry[] }>();
  for (const entry of entries) {
    if (!entry.sentAt) {
      pending.push(entry);
      continue;
    }
    const day = new Date(entry.sentAt);
    const key = localDayOf(day);
    const group = byDay.get(key) ?? { day, entries: [] };
    group.entries.push(entry);
    byDay.set(key, group);
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([key, group]) => ({ key, title: dayTitle(group.day, now), entries: group.entries }));
  return pending.length > 0
    ? [{ key: "pending", title: PENDING_GROUP_TITLE, entries: pending }, ...days]
    : days;
}
