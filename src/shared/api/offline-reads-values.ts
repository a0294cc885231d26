/*
 * The reads the service worker keeps for offline use (src/client/sw.ts, its "jargon-api" cache): the signed-in
 * screens' GETs that show the last words without a network. One list for the worker, which keeps their answers,
 * and for the server, which hands the worker a member page's answers of them: a page the server drew, or whose
 * reads it answered, makes none of these reads itself, so the worker would otherwise never see them
 * (docs/client.md, "Under the service worker").
 */

/** The paths of the kept reads (any query string: the history's day, the due cards' limit). */
export const OFFLINE_READS: readonly string[] = [
  "/api/auth/user",
  "/api/app-config",
  "/api/preferences",
  "/api/subscriptions",
  "/api/activity/today",
  "/api/history",
  "/api/favorites",
  "/api/stats",
  "/api/topics",
  // The dashboard waits for these two before its first card, so without them it would stay a placeholder offline.
  "/api/review/due",
  "/api/progress",
];

/** Whether the worker keeps the answer of a GET of `url` (a path with any query string, or a URL of our origin). */
export const isOfflineRead = (url: string): boolean =>
  OFFLINE_READS.includes(new URL(url, "http://origin.invalid").pathname);

/** The read that says whose the kept answers are: a page for another member, or for nobody, empties the cache. */
export const SIGNED_IN_USER_READ = "/api/auth/user";

/**
 * The header of a page request the service worker makes (the browser's navigation preload, or the worker's own
 * fetch): a member's page then carries its answers of the offline reads in the data block below, which the worker
 * takes out and keeps. Other browsers never get the block.
 */
export const SERVICE_WORKER_PAGE_HEADER = "service-worker-navigation-preload";

/** The data block of a member's page asked for by the worker: each kept read's URL with its answer (JSON). */
export const OFFLINE_READS_ELEMENT_ID = "offline-reads";
