import type { Progress } from "@shared/api/learning";
import { localDateFormat } from "@client/lib/local-date-format";

const DAY_FORMAT = localDateFormat({
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const SHORT_DAY_FORMAT = localDateFormat({
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** A user day (YYYY-MM-DD) as "Mon, Dec 1" or, short, "Dec 1" (the day itself, never shifted by a zone). */
export function formatDay(day: string, short = false): string {
  return (short ? SHORT_DAY_FORMAT : DAY_FORMAT).format(new Date(`${day}T00:00:00Z`));
}

/**
 * When the first card of the forecast falls due, in words: "later today", "tomorrow" or "on Mon, Dec 1"; null
 * when none is due in the next 30 days. The forecast's first day is the user's today.
 */
export function nextDueDay(forecast: Progress["forecast"]): string | null {
  const index = forecast.findIndex((day) => day.count > 0);
  const day = forecast[index];
  if (!day) return null;
  // Asked when nothing is due now: a card due on the first day is due later today.
  if (index === 0) return "later today";
  if (index === 1) return "tomorrow";
  return `on ${formatDay(day.date)}`;
}

/** A 0–1 share as a whole percentage. */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** One sentence a screen reader hears for each chart (the table beside it has every figure). */
export function forecastSummary(forecast: Progress["forecast"]): string {
  const total = forecast.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return "No reviews due in the next 30 days.";
  const busiest = forecast.reduce((best, day) => (day.count > best.count ? day : best));
  return `${total} reviews due in the next 30 days; the busiest day is ${formatDay(busiest.date)} with ${busiest.count}.`;
}

export function retentionSummary(retention: Progress["retention"]): string {
  const last = retention.at(-1);
  if (!last) return "No reviews graded yet.";
  return `In the week of ${formatDay(last.week, true)} you knew ${percent(last.rate)} of the words you reviewed.`;
}

export function topicsSummary(topics: Progress["topics"]): string {
  if (topics.length === 0) return "No topics with cards yet.";
  const strongest = topics.reduce((best, topic) =>
    topic.retrievability > best.retrievability ? topic : best,
  );
  return `${topics.length} ${topics.length === 1 ? "topic" : "topics"}; you'd recall most now in ${strongest.name} (${percent(strongest.retrievability)}).`;
}
