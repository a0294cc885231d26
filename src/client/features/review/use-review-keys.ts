import { useEffect, useRef } from "react";

/**
 * Keyboard shortcuts for a review screen, read on the window: each key maps to an action. Typing in a field
 * is left alone, and Space/Enter on a focused control keep their own meaning (they press it).
 */
export function useReviewKeys(bindings: Record<string, (() => void) | undefined>): void {
  const latest = useRef(bindings);
  latest.current = bindings;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      const key = event.key === " " ? "Space" : event.key;
      if ((key === "Space" || key === "Enter") && target?.closest("button, a, [role='tab']")) return;
      const action = latest.current[key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
