import { FIRST_ANSWERS_ELEMENT_ID, FIRST_ANSWERS_FRESH_MS } from "@shared/api/first-reads-values";

/** The answers the server put in the page (`@shared/api/first-reads`), read from it once and then kept here. */
let answersInPage: Map<string, unknown> | undefined;

function pageAnswers(): Map<string, unknown> {
  if (answersInPage) return answersInPage;
  const block = typeof document === "undefined" ? null : document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  answersInPage = new Map(block?.textContent ? Object.entries(JSON.parse(block.textContent) as object) : []);
  block?.remove();
  // An answer nothing asked for is a read the list names but the screen no longer makes: the server did it for
  // nothing (e2e/first-answers.spec.ts fails on this warning).
  if (answersInPage.size > 0) setTimeout(forgetUnread, FIRST_ANSWERS_FRESH_MS);
  return answersInPage;
}

function forgetUnread(): void {
  if (!answersInPage?.size) return;
  console.warn(`The page answered reads its screen did not make: ${[...answersInPage.keys()].join(", ")}`);
  answersInPage.clear();
}

/**
 * The page's answer to a GET of `url`, once, while it is fresh (a later read of the same URL goes to the network);
 * undefined when the page has none.
 */
export function takeFirstAnswer(url: string): Response | undefined {
  const answers = pageAnswers();
  if (!answers.has(url)) return undefined;
  const body = answers.get(url);
  answers.delete(url);
  if (performance.now() > FIRST_ANSWERS_FRESH_MS) return undefined;
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}
