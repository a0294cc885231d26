import { FIRST_ANSWERS_ELEMENT_ID, FIRST_ANSWERS_FRESH_MS } from "@shared/api/first-reads-values";

/** The answers the server put in the page (`@shared/api/first-reads`), read from it once and then kept here. */
let answersInPage: Map<string, unknown> | undefined;

function pageAnswers(): Map<string, unknown> {
  if (answersInPage) return answersInPage;
  const block = typeof document === "undefined" ? null : document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  answersInPage = new Map(block?.textContent ? Object.entries(JSON.parse(block.textContent) as object) : []);
  block?.remove();
  if (answersInPage.size > 0) setTimeout(forgetUnread, FIRST_ANSWERS_FRESH_MS);
  return answersInPage;
}

function forgetUnread(): void {
  if (!answersInPage?.size) return;
  warnOfUnreadAnswers([...answersInPage.keys()]);
  answersInPage.clear();
}

/**
 * An answer nothing asked for is a read the list names but the screen no longer makes: the server did it for nothing
 * (e2e/first-answers.spec.ts fails on this warning).
 */
export function warnOfUnreadAnswers(urls: readonly string[]): void {
  if (urls.length > 0) console.warn(`The page answered reads its screen did not make: ${urls.join(", ")}`);
}

/** The answers a server-side drawing of the app reads from instead of the page's (see answerReadsWith). */
let answersOnServer: { answers: ReadonlyMap<string, unknown>; onAnswer: (url: string) => void } | undefined;

/**
 * Runs `start` with every read the app starts in it answered from `answers`, and any other read failing at once
 * (it throws), never going to the network: how the server draws a member's screen with the page's answers (server-paint.tsx).
 * Only what `start` begins before it returns is answered so: reads read their answer synchronously, when they
 * begin. `onAnswer` is told each URL answered.
 */
export function answerReadsWith(
  answers: ReadonlyMap<string, unknown>,
  start: () => void,
  onAnswer: (url: string) => void,
): void {
  answersOnServer = { answers, onAnswer };
  try {
    start();
  } finally {
    answersOnServer = undefined;
  }
}

const jsonResponse = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

/**
 * The page's answer to a GET of `url`, once, while it is fresh (a later read of the same URL goes to the network);
 * undefined when the page has none.
 */
export function takeFirstAnswer(url: string): Response | undefined {
  if (answersOnServer) {
    if (!answersOnServer.answers.has(url)) throw new Error(`${url} is not answered in the page`);
    answersOnServer.onAnswer(url);
    return jsonResponse(answersOnServer.answers.get(url));
  }
  const answers = pageAnswers();
  if (!answers.has(url)) return undefined;
  const body = answers.get(url);
  answers.delete(url);
  if (performance.now() > FIRST_ANSWERS_FRESH_MS) return undefined;
  return jsonResponse(body);
}
