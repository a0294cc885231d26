import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  EmailUpdateResponse,
  Preferences,
  UpdatePreferencesRequest,
  UpdateSubscriptionEmailsRequest,
} from "@shared/api/preferences";
import { apiRequest, readJson } from "@client/lib/api";
import {
  AUTH_USER_KEY,
  PREFERENCES_KEY,
  PROGRESS_KEY,
  REVIEW_DUE_KEY,
  STATS_KEY,
  SUBSCRIPTIONS_KEY,
} from "@client/lib/query-keys";

/** GET /api/preferences (shared with the theme store, which reads the saved theme from it). */
export function usePreferences() {
  return useQuery<Preferences>({ queryKey: PREFERENCES_KEY });
}

/**
 * plans-billing §7: after e-mail or subscription changes the subscription list and the user are refreshed. The
 * subscriptions' next deliveries also move with quiet hours and a pause.
 */
function refreshAfterPreferencesChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY }),
    queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  ]);
}

/** Due reviews, streaks and the forecast are counted in the learner's days and capped per day (decision 004). */
const countsInUserDays = (body: UpdatePreferencesRequest): boolean =>
  body.dayStartsAtHour !== undefined || body.dailyReviewCap !== undefined || body.pause !== undefined;

/** Shows the stored e-mail preference at once, before the refetch confirms it. */
function storeEmailPreference(queryClient: QueryClient, emailNotifications: boolean): void {
  queryClient.setQueryData<Preferences>(PREFERENCES_KEY, (old) =>
    old ? { ...old, emailNotifications } : old,
  );
}

/**
 * PATCH /api/user/preferences. It settles once the preferences are read back, so a form shows "Saving..." until the
 * stored values (a pause's computed end among them) are on screen.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePreferencesRequest) =>
      readJson<{ message: string }>(await apiRequest("PATCH", "/api/user/preferences", body)),
    onSuccess: (_answer, body) => {
      if (typeof body.emailNotifications === "boolean")
        storeEmailPreference(queryClient, body.emailNotifications);
      // Stale but not awaited: the Settings form is done once its own values are back.
      if (countsInUserDays(body)) {
        for (const queryKey of [PROGRESS_KEY, STATS_KEY, REVIEW_DUE_KEY])
          void queryClient.invalidateQueries({ queryKey });
      }
      return refreshAfterPreferencesChange(queryClient);
    },
  });
}

/** POST /api/user/disable-email: every subscription goes in-app only. */
export function useDisableAllEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      readJson<EmailUpdateResponse>(await apiRequest("POST", "/api/user/disable-email")),
    onSuccess: (answer) => {
      storeEmailPreference(queryClient, answer.emailNotifications);
      return refreshAfterPreferencesChange(queryClient);
    },
  });
}

/** POST /api/user/update-subscription-emails: e-mail on or off for the chosen (active) subscriptions. */
export function useUpdateSubscriptionEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateSubscriptionEmailsRequest) =>
      readJson<EmailUpdateResponse>(await apiRequest("POST", "/api/user/update-subscription-emails", body)),
    onSuccess: (answer) => {
      storeEmailPreference(queryClient, answer.emailNotifications);
      return refreshAfterPreferencesChange(queryClient);
    },
  });
}
