import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StripeModeResponse } from "@shared/api/billing";
import type { StripeMode } from "@shared/constants";
import { apiRequest, readJson } from "@client/lib/api";
import { useIsAdmin } from "./admin-query";
import { ADMIN_STRIPE_MODE_KEY, STRIPE_CONFIG_KEY } from "@client/lib/query-keys";

/** GET /api/admin/stripe-mode (billing's endpoint). */
export function useStripeMode() {
  return useQuery<StripeModeResponse>({ queryKey: ADMIN_STRIPE_MODE_KEY, enabled: useIsAdmin() });
}

export function useSetStripeMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mode: StripeMode) =>
      readJson<StripeModeResponse>(await apiRequest("POST", "/api/admin/stripe-mode", { mode })),
    onSuccess: (answer) => {
      queryClient.setQueryData(ADMIN_STRIPE_MODE_KEY, answer);
      // The card form reads the publishable key of the current mode.
      return queryClient.invalidateQueries({ queryKey: STRIPE_CONFIG_KEY });
    },
  });
}
