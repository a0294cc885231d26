import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreatePaymentIntentResponse } from "@shared/api/billing";
import type { BillingInterval, Currency, PlanName } from "@shared/constants";
import { apiRequest, readJson } from "@client/lib/api";
import { refreshAfterPlanChange } from "./refresh";

/**
 * POST /api/create-payment-intent: the server answers with what the choice needs (a card form, the
 * downgrade chooser, or a plan change it already made). Anything but a new card form changed the plan.
 */
export function useCreatePaymentIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: { planName: PlanName; interval: BillingInterval; currency: Currency }) =>
      readJson<CreatePaymentIntentResponse>(await apiRequest("POST", "/api/create-payment-intent", choice)),
    onSuccess: (answer) => {
      if (!answer.clientSecret && !answer.requiresSubscriptionSelection)
        void refreshAfterPlanChange(queryClient);
    },
  });
}
