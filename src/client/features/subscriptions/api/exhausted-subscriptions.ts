import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { ExhaustedSubscriptions } from "@shared/api/subscriptions";
import { useAuth } from "@client/lib/auth";
import { EXHAUSTED_SUBSCRIPTIONS_KEY, forUser } from "@client/lib/query-keys";

/** GET /api/subscriptions/exhausted: the subscriptions whose topic has no new word left for the user. */
export function useExhaustedSubscriptions(): UseQueryResult<ExhaustedSubscriptions> {
  const { user } = useAuth();
  return useQuery<ExhaustedSubscriptions>({
    queryKey: forUser(EXHAUSTED_SUBSCRIPTIONS_KEY, user?.id),
    enabled: Boolean(user),
  });
}

/** Whether a subscription's topic has no new word left for the user (false until the answer is in). */
export function useTopicExhausted(): (subscriptionId: number) => boolean {
  const { data } = useExhaustedSubscriptions();
  const exhausted = new Set(data?.subscriptionIds ?? []);
  return (subscriptionId) => exhausted.has(subscriptionId);
}
