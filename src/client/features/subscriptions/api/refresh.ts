import type { QueryClient } from "@tanstack/react-query";
import { STATS_KEY, SUBSCRIPTIONS_PATH } from "./keys";

/** After any change of a subscription: the lists that show it and the dashboard's counts. */
export function refreshSubscriptionViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [SUBSCRIPTIONS_PATH] }),
    queryClient.invalidateQueries({ queryKey: STATS_KEY }),
  ]);
}
