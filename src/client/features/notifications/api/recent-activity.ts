import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { NotificationItem } from "@shared/api/notifications";
import { NOTIFICATION_POLLING_MS } from "@shared/constants";
import { HISTORY_KEY, RECENT_ACTIVITY_KEY, STATS_KEY, TODAY_ACTIVITY_KEY } from "@client/lib/query-keys";

/** What a newly arrived word changes besides the bell: today's words, the counts, the history. */
const REFRESHED_BY_NEW_WORDS = [TODAY_ACTIVITY_KEY, STATS_KEY, HISTORY_KEY];

/**
 * The notification dropdown's list (learner-core §7): polled every 2 s, never older than one poll, and only while a
 * user is signed in. A failed poll is only logged; the next one tries again (a 401 still signs out, globally).
 * When the poll brings a word not seen before, the screens showing delivered words are refreshed too.
 */
export function useRecentActivity(userId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery<NotificationItem[]>({
    queryKey: RECENT_ACTIVITY_KEY,
    enabled: Boolean(userId),
    refetchInterval: NOTIFICATION_POLLING_MS,
    // A list younger than one poll is as fresh as polling makes it: a screen that opens with the list its page
    // brought (server-paint.tsx) does not ask for it again at once.
    staleTime: NOTIFICATION_POLLING_MS,
  });
  const { data, error, errorUpdatedAt } = query;

  useEffect(() => {
    if (error) console.warn("Could not load notifications", error);
  }, [error, errorUpdatedAt]);

  const newestSeen = useRef<number | null>(null);
  useEffect(() => {
    if (!data) return;
    const newest = data.reduce((max, item) => Math.max(max, item.id), 0);
    if (newestSeen.current !== null && newest > newestSeen.current) {
      for (const queryKey of REFRESHED_BY_NEW_WORDS) void queryClient.invalidateQueries({ queryKey });
    }
    newestSeen.current = Math.max(newestSeen.current ?? 0, newest);
  }, [data, queryClient]);

  return query;
}
