import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { Preferences, ThemePreference } from "../../shared/api/preferences";
import { THEMES, type Theme } from "../../shared/constants";
import { apiRequest } from "./api";
import { useAuth } from "./auth";
import { PREFERENCES_KEY } from "./query-keys";

/** The localStorage key; public/theme-init.js and the server's sign-in page read the same one. */
export const THEME_STORAGE_KEY = "theme";
export const DEFAULT_THEME: Theme = "light";

export type ResolvedTheme = "light" | "dark";

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);
const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

/** A missing or invalid saved value falls back to light (learner-core §4). */
function readStoredTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function resolve(theme: Theme): ResolvedTheme {
  if (theme !== "system") return theme;
  return darkQuery().matches ? "dark" : "light";
}

function applyToDocument(resolved: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
}

interface ThemeSnapshot {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
}

let snapshot: ThemeSnapshot = { theme: DEFAULT_THEME, resolvedTheme: "light" };
const listeners = new Set<() => void>();

function publish(theme: Theme): void {
  const resolvedTheme = resolve(theme);
  applyToDocument(resolvedTheme);
  if (theme !== snapshot.theme || resolvedTheme !== snapshot.resolvedTheme) {
    snapshot = { theme, resolvedTheme };
    for (const listener of listeners) listener();
  }
}

/** Applies a theme at once and saves it locally (the server copy is useTheme's business). */
export function applyTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked (private mode): the theme still applies for this page.
  }
  publish(theme);
}

/** Reads the saved theme and follows the OS preference while "system" is chosen. Call once at start-up. */
export function initTheme(): void {
  publish(readStoredTheme());
  darkQuery().addEventListener("change", () => publish(snapshot.theme));
  // Another tab chose a theme: follow it.
  window.addEventListener("storage", (event) => {
    if (event.key === THEME_STORAGE_KEY) publish(readStoredTheme());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface ThemeControls extends ThemeSnapshot {
  /** Applies at once, saves locally and, when signed in, saves to the server. */
  setTheme: (theme: Theme) => void;
}

/** The theme and its chooser, for the nav's theme menu and the Settings' Theme tab. */
export function useTheme(): ThemeControls {
  const current = useSyncExternalStore(subscribe, () => snapshot);
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
