import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StartTrialResponse } from "@shared/api/billing";
import { TRIAL_PLAN } from "@shared/constants";
import { apiRequest, readJson } from "@client/lib/api";
import { refreshAfterPlanChange } from "./refresh";

/** POST /api/start-trial: opens (or reuses) the card setup for the premium trial. */
export function useStartTrial() {
  return useMutation({
    mutationFn: async () =>
      readJson<StartTrialResponse>(await apiRequest("POST", "/api/start-trial", { trialPlan: TRIAL_PLAN })),
  });
}

/** POST /api/confirm-trial once the card setup has succeeded; refreshes the user (limits lift at once). */
export function useConfirmTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (setupIntentId: string) =>
      readJson<{ message: string; trialEndDate: string }>(
        await apiRequest("POST", "/api/confirm-trial", { setupIntentId }),
      ),
    onSuccess: () => refreshAfterPlanChange(queryClient),
  });
}

/** POST /api/cancel-trial: the trial ends at its end date instead of converting (issue 28). */
export function useCancelTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson<{ message: string }>(await apiRequest("POST", "/api/cancel-trial")),
    onSuccess: () => refreshAfterPlanChange(queryClient),
  });
}
