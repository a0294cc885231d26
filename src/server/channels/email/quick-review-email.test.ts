import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@server/db/raw";
import { mailbox } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { retryPolicyOf } from "@server/platform/channels/delivery-channel";
import { dispatchAllDue, runSchedulerOnce } from "@server/features/delivery/service";

const EMAIL_RETRY = retryPolicyOf("email");

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

/** The links a mail app shows for `label` in the e-mail's HTML, in order. */
function linksLabelled(html: string, label: string): string[] {
  return [...html.matchAll(/<a[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)]
    .filter((match) => match[2]!.replace(/<[^>]+>/g, "").includes(label))
    .map((match) => match[1]!.replaceAll("&amp;", "&"));
}

describe("one e-mail per send, with a quick review that asks before it tells", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  let userId: string;
  const mails = () =>
    t.ctx.db
      .select()
      .from(mailbox)
      .where(eq(mailbox.to, "reviewer@example.com"))
      .orderBy(asc(mailbox.createdAt));
  const logs = () =>
    queryRows<{ grade: string; channel: string }>(
      t.ctx.db,
      sql`select grade, channel from review_logs order by id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", 5);
    t.clock.set(new Date("2025-05-01T08:00:00Z"));
    const { user, cookie } = await t.signIn({ email: "reviewer@example.com", timeZone: "UTC" });
    userId = user.id;
    await t.subscribe(cookie, { topicId: topic.id, emailEnabled: true, inAppEnabled: false });
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ delivered: 1, emailsSent: 1 });
    // Yesterday's word is due again by the next send, so it rides along with the new word.
    await t.ctx.db.execute(
      sql`update cards set due = ${new Date("2025-05-02T06:00:00Z")} where user_id = ${userId}`,
    );
  });
  afterAll(() => t.close());

  it("carries the new word in full and the review as a line without its meaning, in one e-mail", async () => {
    t.clock.set(new Date("2025-05-02T09:00:00Z"));
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ delivered: 2, emailsSent: 1 });
    const all = await mails();
    expect(all).toHaveLength(2);
    const mail = all.at(-1)!;
    expect(mail.subject).toBe("Finance-2 · your Finance word (+ 1 word to review)");
    expect(mail.html).toContain("Definition 2 of finance");
    expect(mail.html).toContain("Quick review");
    expect(mail.html).toContain("Finance-1");
    // Neither the subject, the preview line nor the review line gives the review's meaning away.
    expect(mail.subject).not.toContain("Definition 1");
    expect(mail.html).not.toContain("Definition 1 of finance");
    expect(mail.text).not.toContain("Definition 1 of finance");
    expect(linksLabelled(mail.html, "I remember")).toHaveLength(1);
    expect(linksLabelled(mail.html, "I forgot")).toHaveLength(1);
  });

  it("answering the review records once, then shows the meaning and when the word comes back", async () => {
    const mail = (await mails()).at(-1)!;
    const [remember] = linksLabelled(mail.html, "I remember");
    // A mail scanner opening the link records nothing and sees no meaning.
    const page = await t.app.inject({ method: "GET", url: pathOf(remember!) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Do you remember “finance-1”?");
    expect(page.body).toMatch(/checked> I remember/);
    expect(page.body).not.toContain("Definition 1 of finance");
    expect(await logs()).toEqual([]);

    const token = new URL(remember!).searchParams.get("token")!;
    const post = () =>
      t.app.inject({
        method: "POST",
        url: "/api/grade",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `token=${encodeURIComponent(token)}`,
      });
    const answered = await post();
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain("Jargon");
    expect(answered.body).toContain("Definition 1 of finance");
    expect(answered.body).toMatch(/comes back (tomorrow|in \d+ days)/);
    expect(answered.body).not.toMatch(/second|minute/);
    await post();
    expect(await logs()).toEqual([{ grade: "good", channel: "email" }]);
  });

  it("a restart between claiming the send and sending it neither loses nor duplicates the e-mail", async () => {
    await t.ctx.db.execute(
      sql`update cards set due = ${new Date("2025-05-03T06:00:00Z")} where user_id = ${userId}`,
    );
    t.clock.set(new Date("2025-05-03T09:00:00Z"));
    // The state a sender that died after its claim leaves: the send's first word leased, nothing sent.
    const leaseEnd = new Date(t.clock.now().getTime() + EMAIL_RETRY.leaseMs);
    const sendsBefore = (await mails()).length;
    // A new word and both earlier words, now due.
    expect(await dispatchAllDue(t.ctx)).toEqual({ delivered: 3 });
    await t.ctx.db.execute(
      sql`update delivery_sends set attempts = 1, next_attempt_at = ${leaseEnd}
          where channel = 'email' and delivery_id = (
            select min(id) from deliveries where user_id = ${userId} and slot_at = ${new Date("2025-05-03T09:00:00Z")})`,
    );
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ emailsSent: 0 });
    expect(await mails()).toHaveLength(sendsBefore);

    t.clock.advance(EMAIL_RETRY.leaseMs);
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ emailsSent: 1 });
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ emailsSent: 0 });
    const all = await mails();
    expect(all).toHaveLength(sendsBefore + 1);
    expect(all.at(-1)!.html).toContain("Quick review");
    const statuses = await queryRows<{ status: string; provider_message_id: string }>(
      t.ctx.db,
      sql`select s.status, s.provider_message_id from delivery_sends s join deliveries d on d.id = s.delivery_id
          where d.user_id = ${userId} and d.slot_at = ${new Date("2025-05-03T09:00:00Z")}`,
    );
    expect(statuses.length).toBeGreaterThan(1);
    expect(new Set(statuses.map((row) => `${row.status} ${row.provider_message_id}`)).size).toBe(1);
    expect(statuses[0]!.status).toBe("sent");
  });
});
