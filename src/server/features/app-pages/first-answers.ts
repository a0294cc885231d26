import type { FastifyInstance, FastifyRequest } from "fastify";
import { FIRST_ANSWERS_ELEMENT_ID, firstReadsOf } from "@shared/api/first-reads-values";

/**
 * The page's data block with the answers of the screen's first reads (`@shared/api/first-reads`), each got from the
 * API's own route with the member's cookie, so it is byte for byte what the browser would have fetched. A read that
 * does not answer 200 with JSON is left out: the browser then asks for it as usual and shows what it gets.
 */
export async function firstAnswersBlock(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  onboardingPending: boolean,
): Promise<string> {
  const cookie = request.headers.cookie ?? "";
  const answers = await Promise.all(
    firstReadsOf(pathname, onboardingPending).map(async (url) => {
      const response = await app.inject({ method: "GET", url, headers: { cookie } });
      const isJson = String(response.headers["content-type"] ?? "").startsWith("application/json");
      return response.statusCode === 200 && isJson ? `${JSON.stringify(url)}:${response.body}` : null;
    }),
  );
  const json = `{${answers.filter((answer) => answer !== null).join(",")}}`;
  // "<" only occurs inside JSON strings, where \u003c reads the same; the block then cannot end early ("</script>").
  return `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${json.replace(/</g, "\\u003c")}</script>`;
}

/** The page with the block in its body, ahead of the app's script (which reads it). */
export const withFirstAnswers = (html: string, block: string): string =>
  html.replace('<div id="root"></div>', `<div id="root"></div>\n    ${block}`);
