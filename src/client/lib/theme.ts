import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { Preferences, ThemePreference } from "@shared/api/preferences";
import type { Theme } from "@shared/constants";
import { apiRequest } from "./api";
import { useBrowserValue } from "./browser-value";
import { useAuth } from "./auth";
import { PREFERENCES_KEY } from "./query-keys";
import {
  applyTheme,
  DRAWN_THEME,
  readStoredTheme,
  subscribe,
  themeSnapshot,
  type ThemeSnapshot,
} from "./theme-store";

export interface ThemeControls extends ThemeSnapshot {
  /** Applies at once, saves locally and, when signed in, saves to the server. */
  setTheme: (theme: Theme) => void;
}

/** The theme and its chooser, for the nav's theme menu and the Settings' Theme tab. */
export function useTheme(): ThemeControls {
  const current = useBrowserValue(subscribe, themeSnapshot, DRAWN_THEME);
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ThemePreference) => apiRequest("PUT", "/api/preferences", body),
    onSuccess: (_response, body) =>
      queryClient.setQueryData<Preferences>(PREFERENCES_KEY, (old) =>
        old ? { ...old, theme: body.theme } : old,
      ),
  });
  const { mutate } = save;
  const setTheme = useCallback(
    (theme: Theme) => {
      applyTheme(theme);
      if (isAuthenticated) mutate({ theme });
    },
    [isAuthenticated, mutate],
  );
  return { ...current, setTheme };
}

/**
 * On sign-in the server's theme wins over the local one when they differ (learner-core §4).
 * A server that never saved one (null) leaves the local choice alone. Failure to load is only logged.
 */
export function useServerTheme(signedIn: boolean): void {
  const { data, error } = useQuery<Preferences>({ queryKey: PREFERENCES_KEY, enabled: signedIn });
  const serverTheme = data?.theme;
  useEffect(() => {
    if (serverTheme && serverTheme !== readStoredTheme()) applyTheme(serverTheme);
  }, [serverTheme]);
  useEffect(() => {
    if (error) console.warn("Could not load the saved theme", error);
  }, [error]);
}
