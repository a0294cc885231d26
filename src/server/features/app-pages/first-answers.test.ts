import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_ANSWERS_ELEMENT_ID, firstReadsOf, followUpReadsOf } from "@shared/api/first-reads-values";
import { isOfflineRead, OFFLINE_READS_ELEMENT_ID } from "@shared/api/offline-reads-values";
import { localDateOf } from "@shared/rules/schedule";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { firstAnswers, firstAnswersBlock, offlineReadsBlock, withFirstAnswers } from "./first-answers";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const pageRequest = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as FastifyRequest;

/** The answers a block carries, as the browser's client reads them (the element's text is JSON). */
function answersIn(block: string, id = FIRST_ANSWERS_ELEMENT_ID): Record<string, unknown> {
  const opening = `<script type="application/json" id="${id}">`;
  expect(block.startsWith(opening) && block.endsWith("</script>")).toBe(true);
  return JSON.parse(block.slice(opening.length, -"</script>".length)) as Record<string, unknown>;
}

describe("a member's page answers its screen's first reads", () => {
  it("carries, for each read of the screen, what the API answers the member", async () => {
    const { cookie } = await testApp.signIn({ email: "first-answers@example.com", firstName: "Ada" });
    const block = firstAnswersBlock(
      await firstAnswers(testApp.app, pageRequest(cookie), "/favorites", {
        onboardingPending: false,
        timeZone: null,
      }),
    );
    const answers = answersIn(block);
    expect(Object.keys(answers)).toEqual(firstReadsOf("/favorites", false));
    for (const url of Object.keys(answers)) {
      const response = await testApp.app.inject({ method: "GET", url, headers: { cookie } });
      expect(answers[url], url).toEqual(response.json());
    }
    expect(answers["/api/auth/user"]).toMatchObject({ email: "first-answers@example.com", firstName: "Ada" });
  });

  it("cannot be closed early by what a member typed: the name comes back as typed", async () => {
    const firstName = "</script><script>alert(1)</script><!--";
    const { cookie } = await testApp.signIn({ email: "script-name@example.com", firstName });
    const block = firstAnswersBlock(
      await firstAnswers(testApp.app, pageRequest(cookie), "/progress", {
        onboardingPending: false,
        timeZone: null,
      }),
    );
    expect(block.match(/<\/script/gi)).toHaveLength(1);
    expect(block).not.toContain("<!--");
    expect(answersIn(block)["/api/auth/user"]).toMatchObject({ firstName });
  });

  it("leaves out a read that does not answer 200 (the browser then asks for it and shows what it gets)", async () => {
    // Without a session every member's read is a 401; only the app's public settings answer.
    const answers = answersIn(
      firstAnswersBlock(
        await firstAnswers(testApp.app, pageRequest(), "/", { onboardingPending: false, timeZone: null }),
      ),
    );
    expect(Object.keys(answers)).toEqual(["/api/app-config"]);
  });

  it("answers /history's day, today in the member's zone, only when the zone is known", async () => {
    const { cookie } = await testApp.signIn({ email: "history-day@example.com" });
    const today = localDateOf(new Date(), "Pacific/Kiritimati");
    const withZone = answersIn(
      firstAnswersBlock(
        await firstAnswers(testApp.app, pageRequest(cookie), "/history", {
          onboardingPending: false,
          timeZone: "Pacific/Kiritimati",
        }),
      ),
    );
    expect(Object.keys(withZone)).toContain(`/api/history?date=${today}`);
    expect(withZone[`/api/history?date=${today}`]).toEqual([]);
    expect(firstReadsOf("/history", false)).not.toContain(`/api/history?date=${today}`);
  });

  it("answers /review's progress too when nothing is due, for when the next review is", async () => {
    const { cookie } = await testApp.signIn({ email: "nothing-due@example.com" });
    const answers = answersIn(
      firstAnswersBlock(
        await firstAnswers(testApp.app, pageRequest(cookie), "/review", {
          onboardingPending: false,
          timeZone: null,
        }),
      ),
    );
    expect(answers["/api/review/due?limit=100"]).toEqual([]);
    expect(Object.keys(answers)).toEqual([...firstReadsOf("/review", false), "/api/progress"]);
    expect(answers["/api/progress"]).toMatchObject({ forecast: expect.any(Array) });
    // With reviews due the screen never reads it, so the page does not answer it.
    const due = [{ cardId: 1 }];
    expect(
      followUpReadsOf("/review", (url) => (url === "/api/review/due?limit=100" ? due : undefined)),
    ).toEqual([]);
    expect(followUpReadsOf("/review", () => undefined)).toEqual([]);
    expect(followUpReadsOf("/favorites", () => [])).toEqual([]);
  });

  it("gives the first-session flow on '/' only the shell's reads, not the dashboard's", () => {
    expect(firstReadsOf("/", true)).toEqual(firstReadsOf("/settings", false));
    expect(firstReadsOf("/", false)).toContain("/api/review/due?limit=100");
  });

  it("gives the service worker the answers of the reads it keeps for offline use, and no others", async () => {
    const { cookie } = await testApp.signIn({ email: "offline-reads@example.com" });
    const answers = await firstAnswers(testApp.app, pageRequest(cookie), "/", {
      onboardingPending: false,
      timeZone: null,
    });
    const kept = answersIn(offlineReadsBlock(answers), OFFLINE_READS_ELEMENT_ID);
    const all = answersIn(firstAnswersBlock(answers));
    expect(Object.keys(kept)).toEqual(Object.keys(all).filter(isOfflineRead));
    // The dashboard's due cards and who is signed in are kept; the bell's list is not.
    expect(Object.keys(kept)).toEqual(
      expect.arrayContaining(["/api/auth/user", "/api/review/due?limit=100"]),
    );
    expect(kept).not.toHaveProperty("/api/activity/recent");
    for (const url of Object.keys(kept)) expect(kept[url], url).toEqual(all[url]);
  });

  it("puts the block after the app's root element, where the script finds it", () => {
    const html = withFirstAnswers('<body>\n    <div id="root"></div>\n  </body>', "<script>{}</script>");
    expect(html).toBe('<body>\n    <div id="root"></div>\n    <script>{}</script>\n  </body>');
  });

  it("puts a screen the server drew inside the root, shielded until the app takes it over, rendered once parsed whole", () => {
    const html = withFirstAnswers(
      '<head>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>',
      "<script>{}</script>",
      "<main>$&</main>",
    );
    expect(html).toBe(
      '<head>\n    <link rel="expect" href="#painted-screen-end" blocking="render" />\n  </head>\n  <body>\n    <div id="root"><main>$&</main></div><div id="takeover-shield" aria-hidden="true"></div><template id="painted-screen-end"></template>\n    <script>{}</script>\n  </body>',
    );
  });
});
