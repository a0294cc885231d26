import { useQuery } from "@tanstack/react-query";
import type { ValidateSubscriptionResponse } from "@shared/api/billing";
import { VALIDATION_POLLING_MS } from "@shared/constants";
import { apiRequest, readJson } from "@client/lib/api";
import { useServerDrawingTakenOver } from "@client/lib/browser-value";
import { forUser, VALIDATE_SUBSCRIPTION_KEY } from "@client/lib/query-keys";

/**
 * POST /api/validate-subscription, polled every 5 minutes while the tab is visible (TanStack Query pauses
 * interval refetches in a hidden tab by default). A downgrade is reported once, so the answer is kept
 * by the caller rather than re-read. Its first call waits until the server's drawing of the screen is taken over:
 * nothing on screen waits for it, and it was a tenth of the takeover's first task on a phone.
 */
export function useSubscriptionValidation(userId: string) {
  return useQuery<ValidateSubscriptionResponse>({
    queryKey: forUser(VALIDATE_SUBSCRIPTION_KEY, userId),
    queryFn: async () =>
      readJson<ValidateSubscriptionResponse>(await apiRequest("POST", "/api/validate-subscription")),
    refetchInterval: VALIDATION_POLLING_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    enabled: useServerDrawingTakenOver(),
  });
}
