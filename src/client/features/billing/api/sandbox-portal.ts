import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SandboxPortal } from "@shared/api/billing";
import { apiRequest, readJson } from "@client/lib/api";
import { refreshAfterPlanChange } from "./refresh";
import { SANDBOX_PORTAL_KEY } from "@client/lib/query-keys";

/** GET /api/sandbox/portal: the sandbox's stand-in for Stripe's customer portal. */
export function useSandboxPortal() {
  return useQuery<SandboxPortal>({ queryKey: SANDBOX_PORTAL_KEY, staleTime: 0 });
}

function usePortalAction<Input>(run: (input: Input) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => readJson<SandboxPortal>(await run(input)),
    onSuccess: (view) => {
      queryClient.setQueryData(SANDBOX_PORTAL_KEY, view);
      void refreshAfterPlanChange(queryClient);
    },
  });
}

/** POST /api/sandbox/portal/payment-method: a new default card (also retries an unpaid invoice). */
export const useSandboxPortalUpdateCard = () =>
  usePortalAction((card: { cardNumber: string; expMonth: string; expYear: string; cvc: string }) =>
    apiRequest("POST", "/api/sandbox/portal/payment-method", card),
  );

/** POST /api/sandbox/portal/cancel: cancel at the period end, as Stripe's portal does. */
export const useSandboxPortalCancel = () =>
  usePortalAction((_: void) => apiRequest("POST", "/api/sandbox/portal/cancel"));
