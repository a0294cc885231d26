import type { QueryClient } from "@tanstack/react-query";
import { AUTH_USER_KEY, STATS_KEY, SUBSCRIPTIONS_KEY } from "@client/lib/query-keys";

/**
 * After a plan change: the user (plan fields), and the subscription list and dashboard counts (plan changes
 * pause and resume subscriptions).
 */
export function refreshAfterPlanChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_KEY }),
  ]);
}
