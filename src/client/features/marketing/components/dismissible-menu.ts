/**
 * Lets a native <details> menu close on Escape (focus back on its summary) and on a click outside it.
 * Plain DOM, so the React menu and the prerendered pages' script (public-site/enhance.ts) share it.
 * Returns the function that stops listening.
 */
export function makeMenuDismissible(menu: HTMLDetailsElement): () => void {
  const close = (event: Event) => {
    if (!menu.open) return;
    if (event instanceof KeyboardEvent) {
      if (event.key !== "Escape") return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
      return;
    }
    if (!menu.contains(event.target as Node)) menu.open = false;
  };
  document.addEventListener("click", close);
  document.addEventListener("keydown", close);
  return () => {
    document.removeEventListener("click", close);
    document.removeEventListener("keydown", close);
  };
}
