import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { NotificationItem } from "../../../../shared/api/notifications";
import { NOTIFICATION_POLLING_MS } from "../../../../shared/constants";

export const RECENT_ACTIVITY_KEY = ["/api/activity/recent"] as const;

/**
 * The notification dropdown's list (learner-core §7): polled every 2 s, never served stale, and only while a
 * user is signed in. A failed poll is only logged; the next one tries again (a 401 still signs out, globally).
 */
export function useRecentActivity(userId: string | undefined) {
  const query = useQuery<NotificationItem[]>({
    queryKey: RECENT_ACTIVITY_KEY,
    enabled: Boolean(userId),
    refetchInterval: NOTIFICATION_POLLING_MS,
    staleTime: 0,
  });
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) console.warn("Could not load notifications", error);
  }, [error, errorUpdatedAt]);
  return query;
}
