import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, readJson } from "@client/lib/api";
import { refreshAfterPlanChange } from "./refresh";

/** POST /api/reactivate-subscription: drops a scheduled cancellation ('Keep Subscription'). */
export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      readJson<{ message: string }>(await apiRequest("POST", "/api/reactivate-subscription")),
    onSuccess: () => refreshAfterPlanChange(queryClient),
  });
}
