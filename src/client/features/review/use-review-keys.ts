import { useLayoutEffect, useRef } from "react";

/**
 * Marks the review page's own area: there Space and Enter always do the review's step (reveal, next), whichever of
 * the page's controls has the focus. After a click on the Flashcards / Multiple choice toggle, Space reveals the
 * card instead of pressing the toggle again. Controls outside it (the navigation, the bell's list) keep their keys.
 */
export const REVIEW_KEY_SCOPE = { "data-review-keys": "" } as const;

/**
 * Keyboard shortcuts for a review screen, read on the window: each key maps to an action. Typing in a field is left
 * alone. Space/Enter on a focused control outside REVIEW_KEY_SCOPE keep their own meaning (they press it); a key
 * with no action here always does.
 */
export function useReviewKeys(bindings: Record<string, (() => void) | undefined>): void {
  const latest = useRef(bindings);
  latest.current = bindings;
  // A layout effect: the keys work from the moment the screen that offers them is drawn. Preact runs a plain effect
  // a frame after the paint, so a Space pressed at once after switching to flashcards pressed the focused toggle
  // instead of revealing the card (a browser test caught it under load).
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      const key = event.key === " " ? "Space" : event.key;
      const ownControl = Boolean(target?.closest("[data-review-keys]"));
      if ((key === "Space" || key === "Enter") && target?.closest("button, a, [role='tab']") && !ownControl) {
        return;
      }
      const action = latest.current[key];
      if (!action) return;
      // Also keeps a focused control of the page from being pressed by the same key.
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
