/*
 * The reads a signed-in screen makes before it can draw (issue 25). For a signed-in member the server answers
 * them inside the page's HTML, so the screen draws its data without waiting for the script, then for who is signed
 * in, then for its data, one round trip after another (on a phone's network each is about a third of a second).
 * The browser's client reads each answer once, in the page's first seconds, where it would have fetched the URL.
 * e2e/first-answers.spec.ts keeps this list true: a screen that stops reading a URL, or starts reading another
 * first, fails it.
 */

/** Every signed-in page: who is signed in, their preferences, the app's settings and the bell's list. */
const SHELL_READS = [
  "/api/auth/user",
  "/api/preferences",
  "/api/app-config",
  "/api/activity/recent",
] as const;

/** A screen's own first reads, by path (a read that names a day is in DAY_READS). */
const SCREEN_READS: Readonly<Record<string, readonly string[]>> = {
  "/": [
    "/api/review/due?limit=100",
    "/api/activity/today",
    "/api/progress",
    "/api/stats",
    "/api/favorites",
    "/api/subscriptions",
    "/api/subscriptions/exhausted",
  ],
  "/review": ["/api/review/due?limit=100"],
  "/history": ["/api/history?limit=1", "/api/favorites"],
  "/favorites": ["/api/favorites"],
  "/subscriptions": ["/api/subscriptions", "/api/subscriptions/exhausted"],
  "/progress": ["/api/progress"],
  "/discover": ["/api/topics", "/api/subscriptions"],
};

/** The screens that have first reads of their own (the server draws them: `app-pages/server-paint.ts`). */
export const SCREENS_WITH_FIRST_READS: readonly string[] = Object.keys(SCREEN_READS);

/**
 * A screen's reads that name the member's calendar day ("YYYY-MM-DD"): /history opens on today's words. They are
 * answered only when the server knows the member's zone, the zone the browser then names the same day in.
 */
const DAY_READS: Readonly<Record<string, (day: string) => string>> = {
  "/history": (day) => `/api/history?date=${day}`,
};

/**
 * The URLs answered in the page for a member on `pathname`, `today` being the member's calendar day when their zone
 * is known. Until onboarding is done "/" is the first-session flow, not the dashboard, so it gets the shell's reads
 * only.
 */
export function firstReadsOf(
  pathname: string,
  onboardingPending: boolean,
  today?: string,
): readonly string[] {
  if (pathname === "/" && onboardingPending) return SHELL_READS;
  const dayRead = today === undefined ? undefined : DAY_READS[pathname]?.(today);
  return [...SHELL_READS, ...(SCREEN_READS[pathname] ?? []), ...(dayRead ? [dayRead] : [])];
}

/**
 * Reads a screen makes only when one of its first reads answered a certain way: the page answers them too. /review
 * with nothing due tells when the next review is, from the progress forecast (with reviews due it never reads it).
 */
const FOLLOW_UP_READS: Readonly<
  Record<string, { after: string; when: (answer: unknown) => boolean; reads: readonly string[] }>
> = {
  "/review": {
    after: "/api/review/due?limit=100",
    when: (answer) => Array.isArray(answer) && answer.length === 0,
    reads: ["/api/progress"],
  },
};

/**
 * The reads the page answers for `pathname` once its first reads are answered (`answerOf` gives a first read's
 * answer, parsed; undefined when it has none).
 */
export function followUpReadsOf(pathname: string, answerOf: (url: string) => unknown): readonly string[] {
  const followUp = FOLLOW_UP_READS[pathname];
  if (!followUp) return [];
  const answer = answerOf(followUp.after);
  return answer !== undefined && followUp.when(answer) ? followUp.reads : [];
}

/** The page's data block that carries the answers: a JSON object from URL to that URL's 200 answer. */
export const FIRST_ANSWERS_ELEMENT_ID = "first-answers";

/**
 * The data block of a page whose screen the server drew: the results of the reads the drawing used (TanStack Query's
 * dehydrated state), which the browser starts with so that its first render is the server's.
 */
export const PAINTED_STATE_ELEMENT_ID = "painted-state";
/** The empty element after a drawn screen, which the page's first rendering waits for (server's withFirstAnswers). */
export const PAINTED_SCREEN_END_ID = "painted-screen-end";
/**
 * The transparent element over a drawn screen that takes its taps until the app has taken the drawing over (the page's
 * loader keeps focus out of the drawing meanwhile); the app removes it then (styles.css, server's withFirstAnswers and
 * scripts-after-paint, client's main.tsx).
 */
export const TAKEOVER_SHIELD_ID = "takeover-shield";

/**
 * How long after the page starts its answers may stand in for a fetch. Past that a read goes to the network: an
 * answer kept longer could be older than something the member changed since.
 */
export const FIRST_ANSWERS_FRESH_MS = 10_000;
