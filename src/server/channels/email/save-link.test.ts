import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites } from "@server/db/schema";
import { insertTopic } from "@server/testing/content-fixtures";
import { recordingChannel } from "@server/testing/recording-channel";
import { newWordBlock } from "@server/testing/word-email-block";
import { createTestApp, SAME_ORIGIN, TEST_APP_URL, type TestApp } from "@server/testing/test-app";
import { deliverNow } from "@server/features/delivery/service";
import { renderWordEmail } from "./word-email";

describe("the e-mail's Save to favorites link", () => {
  let t: TestApp;
  const email = recordingChannel("email");
  let saveLink = "";
  let userId = "";
  beforeAll(async () => {
    t = await createTestApp({ channels: [email] });
    const topic = await insertTopic(t.ctx, "finance", 3);
    const { user, cookie } = await t.signIn({ email: "saver@example.com", timeZone: "UTC" });
    userId = user.id;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie, ...SAME_ORIGIN },
      payload: { topicId: topic.id, frequency: "daily", emailEnabled: true, inAppEnabled: false },
    });
    await deliverNow(t.ctx, user.id, [created.json().id]);
    saveLink = email.accepted.at(-1)!.links.save;
  });
  afterAll(() => t.close());

  const path = () => saveLink.slice(TEST_APP_URL.length);
  const saved = () => t.ctx.db.select().from(favorites).where(eq(favorites.userId, userId));

  it("GET shows a page with a button and changes nothing (mail scanners follow links)", async () => {
    expect(saveLink).toMatch(/^http:\/\/localhost:5000\/api\/save\?token=[0-9a-f-]{36}\.[\w-]{43}$/);
    const page = await t.app.inject({ method: "GET", url: path() });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain("Save to favorites");
    expect(await saved()).toHaveLength(0);
  });

  it("POST saves the word once, without sign-in; a forged or other-purpose token saves nothing", async () => {
    const post = (url: string) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        payload: "",
      });
    const first = await post(path());
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Saved to your favorites");
    expect((await post(path())).statusCode).toBe(200);
    expect(await saved()).toHaveLength(1);

    const openToken = new URL(email.accepted.at(-1)!.links.open).searchParams.get("token")!;
    expect((await post(`/api/save?token=${openToken}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/save?token=nope" })).statusCode).toBe(400);
  });

  it("the e-mail capitalises the word (subject too) and carries the save link and the logo with alt text", async () => {
    const rendered = await renderWordEmail({
      topicName: "Law",
      newWords: [
        newWordBlock({
          word: "force majeure",
          pronunciation: null,
          definition: "An unforeseeable event that frees the parties.",
          example: null,
          note: "Contracts name it.",
        }),
      ],
      quickReview: [],
      credits: "Sources",
      logoUrl: `${TEST_APP_URL}/pwa-192x192.png`,
      unsubscribeUrl: null,
      source: "scheduled",
    });
    expect(rendered.subject).toBe("Force majeure · your Law word");
    expect(rendered.html).toContain("Force majeure");
    expect(rendered.html).toContain(`href="${TEST_APP_URL}/api/save?token=y"`);
    expect(rendered.html).toMatch(
      /<img[^>]*alt="Jargon logo"[^>]*src="http:\/\/localhost:5000\/pwa-192x192.png"|<img[^>]*src="http:\/\/localhost:5000\/pwa-192x192.png"[^>]*alt="Jargon logo"/,
    );
    expect(rendered.text).toContain("Why it matters: Contracts name it.");
  });
});
