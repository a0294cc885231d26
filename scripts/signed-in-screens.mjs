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
