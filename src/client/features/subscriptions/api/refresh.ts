import type { QueryClient } from "@tanstack/react-query";
import type { Subscription } from "@shared/api/subscriptions";
import { STATS_KEY, SUBSCRIPTIONS_KEY } from "@client/lib/query-keys";

/**
 * After any change of a subscription: the lists that show it and the dashboard's counts. Mutations start it
 * without waiting, so their success toast does not wait for the refetch.
 */
export function refreshSubscriptionViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_KEY }),
  ]);
}

/** Puts a server answer into the cached lists at once, so the screens change before the refetch lands. */
export function patchCachedSubscriptions(
  queryClient: QueryClient,
  update: (list: Subscription[]) => Subscription[],
): void {
  queryClient.setQueriesData<Subscription[]>({ queryKey: SUBSCRIPTIONS_KEY }, (list) =>
    list ? update(list) : list,
  );
}
