import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CompleteSubscriptionResponse } from "@shared/api/billing";
import { apiRequest, readJson } from "@client/lib/api";
import { refreshAfterPlanChange } from "./refresh";

/** POST /api/complete-subscription with the payment id from the purchase-success URL. */
export function useCompleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paymentId: string) =>
      readJson<CompleteSubscriptionResponse>(
        await apiRequest("POST", "/api/complete-subscription", { setupIntentId: paymentId }),
      ),
    onSuccess: () => refreshAfterPlanChange(queryClient),
  });
}
