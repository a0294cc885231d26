/** The id of each layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

/** First focusable element of every layout: jumps over the navigation to the page's content. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-[60] rounded-lg bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
