import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  FIRST_ANSWERS_ELEMENT_ID,
  firstReadsOf,
  followUpReadsOf,
  PAINTED_SCREEN_END_ID,
  TAKEOVER_SHIELD_ID,
} from "@shared/api/first-reads-values";
import { isOfflineRead, OFFLINE_READS_ELEMENT_ID } from "@shared/api/offline-reads-values";
import { localDateOf } from "@shared/rules/schedule";

/** The answers of a screen's first reads: each URL with the body its route answered (JSON text). */
export type FirstAnswers = readonly (readonly [url: string, body: string])[];

/**
 * The answers of the screen's first reads (`@shared/api/first-reads`), each got from the API's own route with the
 * member's cookie, so it is byte for byte what the browser would have fetched. A read that does not answer 200 with
 * JSON is left out: the browser then asks for it as usual and shows what it gets.
 */
export async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  member: { onboardingPending: boolean; timeZone: string | null },
): Promise<FirstAnswers> {
  const cookie = request.headers.cookie ?? "";
  const today = member.timeZone ? localDateOf(new Date(), member.timeZone) : undefined;
  const answersOf = async (urls: readonly string[]): Promise<FirstAnswers> =>
    (
      await Promise.all(
        urls.map(async (url) => {
          const response = await app.inject({ method: "GET", url, headers: { cookie } });
          const isJson = String(response.headers["content-type"] ?? "").startsWith("application/json");
          return response.statusCode === 200 && isJson ? ([url, response.body] as const) : null;
        }),
      )
    ).filter((answer) => answer !== null);
  const answers = await answersOf(firstReadsOf(pathname, member.onboardingPending, today));
  const followUps = followUpReadsOf(pathname, (url) => {
    const body = answers.find(([answered]) => answered === url)?.[1];
    return body === undefined ? undefined : (JSON.parse(body) as unknown);
  });
  return followUps.length === 0 ? answers : [...answers, ...(await answersOf(followUps))];
}

/** A `<script type="application/json">` data block with `json` (JSON text) or `value` written as JSON. */
export function jsonDataBlock(id: string, value: unknown, json = JSON.stringify(value)): string {
  // "<" only occurs inside JSON strings, where \u003c reads the same; the block then cannot end early ("</script>").
  return `<script type="application/json" id="${id}">${json.replace(/</g, "\\u003c")}</script>`;
}

/** A data block of a JSON object from each answer's URL to its body, written as the route answered it. */
function answersBlock(id: string, answers: FirstAnswers): string {
  const json = `{${answers.map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(",")}}`;
  return jsonDataBlock(id, undefined, json);
}

/** The page's data block with the answers, which the browser's first reads take instead of fetching. */
export const firstAnswersBlock = (answers: FirstAnswers): string =>
  answersBlock(FIRST_ANSWERS_ELEMENT_ID, answers);

/**
 * The data block of a page the service worker asked for: its answers of the reads the worker keeps for offline use
 * (`@shared/api/offline-reads-values`). The page makes none of these reads itself (it has their answers), so the
 * worker takes them from here (src/client/sw.ts) and its offline copy is what the page showed.
 */
export const offlineReadsBlock = (answers: FirstAnswers): string =>
  answersBlock(
    OFFLINE_READS_ELEMENT_ID,
    answers.filter(([url]) => isOfflineRead(url)),
  );

/**
 * The page with a data block in its body, ahead of the app's script (which reads it), and, when the server drew the
 * screen (`server-paint.ts`), that drawing inside the app's root, where the browser draws over it. Until then a
 * transparent shield lies over the drawing (`TAKEOVER_SHIELD_ID`; the page's loader keeps focus out of the drawing
 * while it is there, `scripts-after-paint.ts`): the drawing has no handlers yet, so a tap or a key must not seem to land (the browser's
 * tests wait for it to take taps, as a person's second tap would). The root was `inert` until session 49; lifting
 * `inert` made the browser compute the style of every element of the drawing again (9-19 ms of the takeover's last
 * task on a 2-core host, without Lighthouse's slowdown), where taking the shield away touches one element, and the
 * drawing stays readable to a screen reader meanwhile. The browser renders nothing until the whole drawing is parsed
 * (`<link rel="expect" blocking="render">` on a mark after it): a busy phone's parser stops for a paint where it is,
 * and a screen painted half parsed then moves as the rest comes in (the header's buttons widened as the theme switch
 * and the account menu arrived, a card's badges grew). A browser without `rel="expect"` paints as before.
 */
export function withFirstAnswers(html: string, block: string, paintedScreen = ""): string {
  if (!paintedScreen)
    return html.replace('<div id="root"></div>', () => `<div id="root"></div>\n    ${block}`);
  return html
    .replace(
      "</head>",
      () => `  <link rel="expect" href="#${PAINTED_SCREEN_END_ID}" blocking="render" />\n  </head>`,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${paintedScreen}</div><div id="${TAKEOVER_SHIELD_ID}" aria-hidden="true"></div>` +
        `<template id="${PAINTED_SCREEN_END_ID}"></template>\n    ${block}`,
    );
}
