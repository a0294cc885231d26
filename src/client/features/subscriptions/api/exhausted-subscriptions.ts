import { useQuery } from "@tanstack/react-query";
import type { ExhaustedSubscriptions } from "@shared/api/subscriptions";
import { useAuth } from "@client/lib/auth";
import { EXHAUSTED_SUBSCRIPTIONS_KEY, forUser } from "@client/lib/query-keys";

/** GET /api/subscriptions/exhausted: whether a subscription's topic has no new word left for the user. */
export function useTopicExhausted(): (subscriptionId: number) => boolean {
  const { user } = useAuth();
  const { data } = useQuery<ExhaustedSubscriptions>({
    queryKey: forUser(EXHAUSTED_SUBSCRIPTIONS_KEY, user?.id),
    enabled: Boolean(user),
  });
  const exhausted = new Set(data?.subscriptionIds ?? []);
  return (subscriptionId) => exhausted.has(subscriptionId);
}
