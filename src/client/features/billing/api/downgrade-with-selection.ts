import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SubscriptionDetails } from "@shared/api/billing";
import { apiRequest, readJson } from "@client/lib/api";
import { refreshAfterPlanChange } from "./refresh";

/** POST /api/downgrade-with-selection: keep this subscription on the free plan, pause the others. */
export function useDowngradeWithSelection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (selectedSubscriptionId: number) =>
      readJson<{ message: string; subscriptionDetails?: SubscriptionDetails }>(
        await apiRequest("POST", "/api/downgrade-with-selection", {
          selectedSubscriptionId,
          action: "downgrade_to_free",
        }),
      ),
    onSuccess: () => refreshAfterPlanChange(queryClient),
  });
}
