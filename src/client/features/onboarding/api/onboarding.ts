import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CompleteOnboardingRequest, CompleteOnboardingResponse } from "@shared/api/onboarding";
import { apiRequest, readJson } from "@client/lib/api";

/**
 * POST /api/onboarding, or /api/onboarding/skip. Afterwards every cached view is stale (new subscriptions, a first
 * word, the user's pending flag), so all of it is fetched again and the dashboard takes the flow's place.
 */
export function useFinishOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answers: CompleteOnboardingRequest | "skip") =>
      answers === "skip"
        ? (await apiRequest("POST", "/api/onboarding/skip"), null)
        : readJson<CompleteOnboardingResponse>(await apiRequest("POST", "/api/onboarding", answers)),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
