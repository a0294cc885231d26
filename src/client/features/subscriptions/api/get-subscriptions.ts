import { useQuery } from "@tanstack/react-query";
import type { Subscription } from "@shared/api/subscriptions";
import { useAuth } from "@client/lib/auth";
import { subscriptionsKey } from "@client/lib/query-keys";

/** GET /api/subscriptions: the signed-in user's subscriptions, oldest first. */
export function useSubscriptions() {
  const { user } = useAuth();
  return useQuery<Subscription[]>({ queryKey: subscriptionsKey(user?.id), enabled: user !== null });
}
