// The signed-in screens issue 25 holds to a first-load budget, each with its page module (its key in Vite's
// manifest, a path under src/client). The build checks their weight (check-js-budget.mjs), groups their modules into
// few files (screen-chunks.mjs), and the server names those files in the page's head (first-load-scripts.mjs).

/** Loaded before any signed-in page: the app's entry (index.html's script) and the signed-in shell. */
export const STARTUP_MODULES = ["index.html", "member-shell.tsx"];

export const SIGNED_IN_SCREENS = {
  "/": { page: "features/dashboard/dashboard-page.tsx" },
  "/review": { page: "features/review/review-page.tsx" },
  "/history": { page: "features/history/history-page.tsx" },
  "/favorites": { page: "features/favorites/favorites-page.tsx" },
  "/subscriptions": { page: "features/subscriptions/subscriptions-page.tsx" },
  "/progress": { page: "features/progress/progress-page.tsx" },
};

/**
 * The JavaScript files that Vite's manifest says the given modules load through static imports (themselves
 * included), in the order first reached: what a screen fetches before it can run.
 */
export function scriptsReachedFrom(manifest, moduleKeys) {
  const reached = new Set();
  const visit = (key) => {
    if (reached.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    reached.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  moduleKeys.forEach(visit);
  return [...reached].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
}
