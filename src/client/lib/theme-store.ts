import { THEMES, type Theme } from "@shared/constants";

/*
 * The theme without React: read, apply and follow it. main.tsx and the prerendered public pages' script
 * (public-site/enhance.ts) both start it; lib/theme.ts adds the hooks on top.
 */

/** The localStorage key; public/theme-init.js and the server's sign-in page read the same one. */
export const THEME_STORAGE_KEY = "theme";
export const DEFAULT_THEME: Theme = "light";

export type ResolvedTheme = "light" | "dark";

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);
const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

/** A missing or invalid saved value falls back to light (learner-core §4). */
export function readStoredTheme(): Theme {
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

export interface ThemeSnapshot {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
}

/** The theme the server draws a member's screen with: it cannot read the browser's saved choice. */
export const DRAWN_THEME: ThemeSnapshot = { theme: DEFAULT_THEME, resolvedTheme: "light" };

let snapshot: ThemeSnapshot = DRAWN_THEME;
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

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const themeSnapshot = (): ThemeSnapshot => snapshot;
