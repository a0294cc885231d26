import { DAY_MS, HOUR_MS, MINUTE_MS } from "../constants";

const WEEK_MS = 7 * DAY_MS;

export interface RelativeTimeOptions {
  /**
   * The largest unit to count in. The dashboard favorites card counts in hours only ("50h ago");
   * everything else goes up to weeks.
   */
  largestUnit?: "hour" | "week";
}

/**
 * learner-core §9: 'Just now' under a minute, then 'Nm ago', 'Nh ago', 'Yesterday' (1 day),
 * 'Nd ago' under 7 days, otherwise 'Nw ago'. A moment in the future (clock skew) reads 'Just now'.
 */
export function formatRelativeTime(
  moment: Date | string | number,
  now: Date,
  options: RelativeTimeOptions = {},
): string {
  const elapsed = now.getTime() - new Date(moment).getTime();
  if (!(elapsed >= MINUTE_MS)) return "Just now";
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS || options.largestUnit === "hour") return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days === 1) return "Yesterday";
  if (elapsed < WEEK_MS) return `${days}d ago`;
  return `${Math.floor(elapsed / WEEK_MS)}w ago`;
}
