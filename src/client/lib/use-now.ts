import { useEffect, useState } from "react";
import { MINUTE_MS } from "@shared/constants";

/**
 * The current time, refreshed every `intervalMs` (a minute by default): relative times ('5m ago') keep
 * counting while a page stays open, without every list running its own timer per row.
 */
export function useNow(intervalMs: number = MINUTE_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
