import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SubscriptionDetails } from "@shared/api/billing";
import { apiRequest, readJson } from "@client/lib/api";
import { refreshAfterPlanChange } from "./refresh";

export interface CancelSubscriptionAnswer {
  message: string;
  alreadyScheduled: boolean;
  subscriptionDetails?: SubscriptionDetails;
}

/** POST /api/cancel-subscription: access lasts to the period end (pending_cancel). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      readJson<CancelSubscriptionAnswer>(await apiRequest("POST", "/api/cancel-subscription")),
    onSuccess: () => refreshAfterPlanChange(queryClient),
  });
}
