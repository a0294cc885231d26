import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@server/db/raw";
import { mailbox } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { runSchedulerOnce } from "./service";

/** The e-mail's answer links, as a mail app shows them (HTML-escaped in the message). */
function gradeLinks(html: string): { knewIt: string; didntKnow: string; known: string } {
  const links = [...html.matchAll(/href="([^"]*\/api\/grade\?token=[^"]+)"/g)].map((match) =>
    match[1]!.replaceAll("&amp;", "&"),
  );
  expect(links).toHaveLength(3);
  const [knewIt, didntKnow, known] = links as [string, string, string];
  return { knewIt, didntKnow, known };
}

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

describe("answering a word from its e-mail", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  let userId: string;
  const logs = () =>
    queryRows<{ grade: string; channel: string }>(
      t.ctx.db,
      sql`select grade, channel from review_logs order by id`,
    );
  const cardRow = async () =>
    (
      await queryRows<{ due: Date; known_at: Date | null; reps: number }>(
        t.ctx.db,
        sql`select due, known_at, reps from cards where user_id = ${userId}`,
      )
    )[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", 5);
    t.clock.set(new Date("2025-05-01T08:00:00Z"));
    const { user, cookie } = await t.signIn({ email: "reader@example.com", timeZone: "UTC" });
    userId = user.id;
    await t.subscribe(cookie, { topicId: topic.id, emailEnabled: true, inAppEnabled: false });
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ delivered: 1, emailsSent: 1 });
  });
  afterAll(() => t.close());

  const lastMail = async () =>
    (
      await t.ctx.db
        .select()
        .from(mailbox)
        .where(eq(mailbox.to, "reader@example.com"))
        .orderBy(desc(mailbox.createdAt))
    )[0]!;

  it("carries the three answers, each opening a page that changes nothing", async () => {
    const mail = await lastMail();
    expect(mail.html).toContain("Knew it");
    expect(mail.html).toContain("Didn&#x27;t know");
    expect(mail.text).toContain("I already know this");
    const links = gradeLinks(mail.html);
    const before = await cardRow();

    // A mail scanner (no cookie, no origin) opens every link.
    for (const url of Object.values(links)) {
      const page = await t.app.inject({ method: "GET", url: pathOf(url) });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("Did you know “finance-1”?");
    }
    const knewItPage = await t.app.inject({ method: "GET", url: pathOf(links.knewIt) });
    expect(knewItPage.body).toMatch(/value="knew_it\.[^"]+" checked> Knew it/);
    expect(await logs()).toEqual([]);
    expect(await cardRow()).toEqual(before);
  });

  it("records one grade however often the page's button is pressed (“Knew it” on a new word: Easy), and says when the word comes back", async () => {
    const { knewIt } = gradeLinks((await lastMail()).html);
    const token = new URL(knewIt).searchParams.get("token")!;
    t.clock.set(new Date("2025-05-01T12:00:00Z"));
    const post = () =>
      t.app.inject({
        method: "POST",
        url: "/api/grade",
        headers: { ...SAME_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ token }).toString(),
      });
    const first = await post();
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/“finance-1” comes back (tomorrow|in \d+ days)\./);
    const second = await post();
    expect(second.body).toBe(first.body);
    expect(await logs()).toEqual([{ grade: "easy", channel: "email" }]);
  });

  it("retires the word with “I already know this”", async () => {
    const { known } = gradeLinks((await lastMail()).html);
    const token = new URL(known).searchParams.get("token")!;
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/grade",
      headers: SAME_ORIGIN,
      payload: { token },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain("we won't send “finance-1” again");
    expect((await cardRow()).known_at).not.toBeNull();
  });

  it("does not retire the word again when the learner un-marked it and the old link is replayed (issue 24)", async () => {
    const { known } = gradeLinks((await lastMail()).html);
    const token = new URL(known).searchParams.get("token")!;
    const { cookie } = await t.signIn({ email: "reader@example.com" });
    const cardId = (
      await queryRows<{ id: number }>(t.ctx.db, sql`select id from cards where user_id = ${userId}`)
    )[0]!.id;
    const unmark = await t.app.inject({
      method: "DELETE",
      url: `/api/review/${cardId}/known`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(unmark.statusCode).toBeLessThan(300);
    expect((await cardRow()).known_at).toBeNull();
    const replay = await t.app.inject({
      method: "POST",
      url: "/api/grade",
      headers: SAME_ORIGIN,
      payload: { token },
    });
    expect(replay.statusCode).toBe(200);
    expect((await cardRow()).known_at).toBeNull();
  });

  it("expires answer links 14 days after the word arrived, with a page that says where to answer instead", async () => {
    const { didntKnow } = gradeLinks((await lastMail()).html);
    const token = new URL(didntKnow).searchParams.get("token")!;
    t.clock.set(new Date("2025-05-15T09:00:01Z"));
    const page = await t.app.inject({ method: "GET", url: pathOf(didntKnow) });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain("This answer link has expired");
    expect(page.body).toContain('<a href="/review">');
    const post = await t.app.inject({
      method: "POST",
      url: "/api/grade",
      headers: SAME_ORIGIN,
      payload: { token },
    });
    expect(post.statusCode).toBe(410);
    const json = await t.app.inject({
      method: "POST",
      url: "/api/grade",
      headers: { ...SAME_ORIGIN, accept: "application/json" },
      payload: { token, channel: "push" },
    });
    expect(json.statusCode).toBe(410);
    expect(json.json()).toMatchObject({ code: "GRADE_LINK_EXPIRED" });
    expect(await logs()).toHaveLength(1);
    t.clock.set(new Date("2025-05-01T12:00:00Z"));
  });

  it("answers a forged or altered link with a page, not a grade", async () => {
    const { didntKnow } = gradeLinks((await lastMail()).html);
    const token = new URL(didntKnow).searchParams.get("token")!;
    // The choice changed by hand: the signature covers it.
    const altered = token.replace("didnt_know.", "knew_it.");
    for (const bad of [altered, "knew_it.not-a-token", ""]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/grade",
        headers: SAME_ORIGIN,
        payload: { token: bad },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain("The answer link is incomplete, was changed");
    }
    expect(await logs()).toHaveLength(1);
  });
});
