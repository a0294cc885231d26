import { useBrowserValue } from "./browser-value";

/** Whether a CSS media query matches now, following changes (e.g. a rotated phone). */
export function useMediaQuery(query: string): boolean {
  return useBrowserValue(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    false,
  );
}
