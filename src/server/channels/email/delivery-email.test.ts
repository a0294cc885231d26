import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, subscriptions, users } from "@server/db/schema";
import { channelSwitchesOfOne } from "@server/platform/channels/subscription-channels";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { createSmtpTestApp, type SmtpSink } from "@server/testing/smtp-sink";
import { SAME_ORIGIN, TEST_APP_URL, type TestApp } from "@server/testing/test-app";
import { retryPolicyOf } from "@server/platform/channels/delivery-channel";
import { runSchedulerOnce } from "@server/features/delivery/service";

const EMAIL_RETRY = retryPolicyOf("email");

/** Headers (unfolded) and body (quoted-printable soft breaks removed) of a raw message. */
function parseMail(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = rest
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
  return { headers, body };
}

/** RFC 2047 Q-encoded words, as nodemailer writes non-ASCII subjects. */
const decodeHeader = (value: string) =>
  value.replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_, text: string) =>
    Buffer.from(
      text
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  );

describe("e-mail delivery over SMTP", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let topic: FixtureTopic;
  let closeApp: () => Promise<void>;
  beforeAll(async () => {
    ({ t, sink, close: closeApp } = await createSmtpTestApp());
    topic = await insertTopic(t.ctx, "finance", 10);
  });
  afterAll(() => closeApp());

  async function subscribed(
    email: string,
    start: string,
    channels = { emailEnabled: true, inAppEnabled: true },
  ) {
    // Each test watches its own subscriber only: earlier tests' subscriptions are switched off.
    await t.ctx.db.update(subscriptions).set({ active: false, nextDeliveryAt: null });
    t.clock.set(new Date(start));
    const { user, cookie } = await t.signIn({ email, timeZone: "UTC" });
    await t.ctx.db.update(users).set({ subscriptionPlan: "pro" }).where(eq(users.id, user.id));
    const created = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie, ...SAME_ORIGIN },
      payload: { topicId: topic.id, frequency: "daily", deliveryTime: "09:00", ...channels },
    });
    expect(created.statusCode).toBe(201);
    return { user, cookie, subscriptionId: created.json().id as number };
  }
  const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const minutes = (count: number) => t.clock.advance(count * 60_000);

  it("sends a word with HTML and plain text, the app link and one-click unsubscribe headers", async () => {
    const { cookie } = await subscribed("reader@example.com", "2025-05-01T08:00:00Z");
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    const run = await runSchedulerOnce(t.ctx);
    expect(run).toMatchObject({ delivered: 1, emailsSent: 1 });
    const mail = sink.received.at(-1)!;
    expect(mail.to).toEqual(["reader@example.com"]);
    const { headers, body } = parseMail(mail.raw);
    expect(decodeHeader(headers.get("subject")!)).toBe("Finance-1 · your Finance word");
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(headers.get("list-unsubscribe")).toMatch(
      // The token names the subscription's random link id, never its sequential id.
      new RegExp(`^<${TEST_APP_URL}/api/unsubscribe\\?token=[0-9a-f-]{36}\\.[\\w-]{43}>$`),
    );
    expect(body).toContain("Content-Type: text/plain");
    expect(body).toContain("Content-Type: text/html");
    for (const part of [
      "finance-1",
      "/finance-1/",
      "Definition 1 of finance",
      "An example using finance-1.",
      "Finance",
      "/api/open?token=",
    ]) {
      expect(body).toContain(part);
    }
    const [entry] = (await get(cookie, "/api/history")).json();
    expect(entry).toMatchObject({ status: "sent", deliveryMethod: "both", source: "scheduled", error: null });
  });

  it("retries a temporary failure with back-off and succeeds; in-app delivery is unaffected", async () => {
    const { cookie } = await subscribed("retry@example.com", "2025-06-01T08:00:00Z");
    const before = sink.received.length;
    sink.failNext(2, 451, "4.3.0 Mailbox busy, try again later");
    t.clock.set(new Date("2025-06-01T09:00:00Z"));
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ delivered: 1, emailsSent: 0, emailsRetrying: 1 });

    // The word is already in the app, and history says the e-mail is pending.
    const [notification] = (await get(cookie, "/api/activity/recent")).json();
    expect(notification).toMatchObject({ readAt: null, content: { word: "finance-1" } });
    expect((await get(cookie, "/api/history")).json()[0]).toMatchObject({ status: "pending", error: null });

    // Not before the back-off (1 minute after the first failure, then 2 minutes).
    minutes(0.5);
    expect((await runSchedulerOnce(t.ctx)).emailsRetrying).toBe(0);
    minutes(0.5);
    expect((await runSchedulerOnce(t.ctx)).emailsRetrying).toBe(1);
    minutes(1);
    expect((await runSchedulerOnce(t.ctx)).emailsSent).toBe(0);
    minutes(1);
    expect((await runSchedulerOnce(t.ctx)).emailsSent).toBe(1);
    expect(sink.received.length).toBe(before + 1);
    expect((await get(cookie, "/api/history")).json()[0]).toMatchObject({ status: "sent", error: null });
  });

  it("a permanent failure ends failed with the server's text at once", async () => {
    const { cookie } = await subscribed("bounce@example.com", "2025-07-01T08:00:00Z");
    sink.failNext(1, 550, "5.1.1 No such mailbox");
    t.clock.set(new Date("2025-07-01T09:00:00Z"));
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ delivered: 1, emailsFailed: 1 });
    const [entry] = (await get(cookie, "/api/history")).json();
    expect(entry.status).toBe("failed");
    expect(entry.error).toContain("5.1.1 No such mailbox");
    expect((await get(cookie, "/api/activity/recent")).json()).toHaveLength(1);
  });

  it(`gives up after ${EMAIL_RETRY.maxAttempts} temporary failures, keeping the last error`, async () => {
    const { cookie } = await subscribed("flaky@example.com", "2025-08-01T08:00:00Z", {
      emailEnabled: true,
      inAppEnabled: false,
    });
    sink.failNext(EMAIL_RETRY.maxAttempts, 421, "4.7.0 Server shutting down");
    t.clock.set(new Date("2025-08-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    for (let attempt = 1; attempt < EMAIL_RETRY.maxAttempts; attempt += 1) {
      t.clock.advance(EMAIL_RETRY.delayAfterAttemptMs(attempt));
      await runSchedulerOnce(t.ctx);
    }
    const [entry] = (await get(cookie, "/api/history")).json();
    expect(entry).toMatchObject({ status: "failed", sentAt: null, deliveryMethod: "email" });
    expect(entry.error).toContain("4.7.0 Server shutting down");
    minutes(60);
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({
      emailsSent: 0,
      emailsFailed: 0,
      emailsRetrying: 0,
    });
  });

  it("the signed link turns e-mail off for that subscription without signing in (RFC 8058 one-click)", async () => {
    const { subscriptionId } = await subscribed("leaver@example.com", "2025-09-01T08:00:00Z", {
      emailEnabled: true,
      inAppEnabled: false,
    });
    t.clock.set(new Date("2025-09-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    const { headers } = parseMail(sink.received.at(-1)!.raw);
    const link = new URL(headers.get("list-unsubscribe")!.slice(1, -1));

    const page = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect((await channelSwitchesOfOne(t.ctx.db, subscriptionId)).email).toBe(true);

    // What a mail client sends: a POST with this form body, from no web page (no cookie, no Origin).
    const oneClick = await t.app.inject({
      method: "POST",
      url: link.pathname + link.search,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(after).toMatchObject({ deliveryMethod: "in_app", active: true });
    expect(await channelSwitchesOfOne(t.ctx.db, subscriptionId)).toMatchObject({
      email: false,
      in_app: true,
    });

    // An e-mail still waiting for a retry is not sent any more either.
    const { cookie } = await t.signIn({ email: "leaver@example.com" });
    await t.app.inject({
      method: "PATCH",
      url: `/api/subscriptions/${subscriptionId}`,
      headers: { cookie, ...SAME_ORIGIN },
      payload: { frequency: "daily", deliveryTime: "09:00", emailEnabled: true, inAppEnabled: false },
    });
    sink.failNext(1, 451, "4.3.0 Try later");
    t.clock.set(new Date("2025-09-02T09:00:00Z"));
    // The day's new word, and yesterday's riding along as a review: the first e-mail waits for a retry.
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ delivered: 2, emailsRetrying: 1 });
    const again = await t.app.inject({
      method: "POST",
      url: link.pathname + link.search,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(again.statusCode).toBe(200);
    minutes(5);
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ emailsSent: 0, emailsFailed: 1 });
    expect((await get(cookie, "/api/history")).json()).toContainEqual(
      expect.objectContaining({
        status: "failed",
        error: "Not sent: e-mail was turned off for this subscription before it went out",
      }),
    );

    // Another subscription's id with this link's signature, and the old sequential-id form: neither works.
    const tampered = link.search.replace(/token=[0-9a-f-]{36}/, `token=${crypto.randomUUID()}`);
    const sequential = link.search.replace(/token=[0-9a-f-]{36}/, `token=${subscriptionId}`);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: link.pathname + sequential,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "List-Unsubscribe=One-Click",
        })
      ).statusCode,
    ).toBe(400);
    const refused = await t.app.inject({
      method: "POST",
      url: link.pathname + tampered,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/unsubscribe?token=nope" })).statusCode).toBe(400);
  });

  it("a one-click POST counts with or without a body, whatever its content type", async () => {
    const { subscriptionId } = await subscribed("bare-post@example.com", "2025-09-05T08:00:00Z", {
      emailEnabled: true,
      inAppEnabled: false,
    });
    t.clock.set(new Date("2025-09-05T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    const link = new URL(parseMail(sink.received.at(-1)!.raw).headers.get("list-unsubscribe")!.slice(1, -1));
    const variants: Array<Record<string, string> | undefined> = [
      undefined,
      { "content-type": "application/json" },
      { "content-type": "text/plain" },
      { "content-type": "application/x-www-form-urlencoded" },
      { "content-type": "multipart/form-data; boundary=x" },
    ];
    for (const headers of variants) {
      const response = await t.app.inject({
        method: "POST",
        url: link.pathname + link.search,
        ...(headers ? { headers } : {}),
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    expect((await channelSwitchesOfOne(t.ctx.db, subscriptionId)).email).toBe(false);
  });

  it("following the e-mail's link into the app marks the word opened, but only in the user's own app", async () => {
    const { user, cookie } = await subscribed("opener@example.com", "2025-10-01T08:00:00Z", {
      emailEnabled: true,
      inAppEnabled: false,
    });
    t.clock.set(new Date("2025-10-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    const { body } = parseMail(sink.received.at(-1)!.raw);
    const openLink = new URL(/(http:\/\/[^\s"<>]+\/api\/open\?token=[\w.-]+)/.exec(body)![1]!);
    const token = openLink.searchParams.get("token")!;
    const openedAt = async () =>
      (
        await t.ctx.db
          .select({ openedAt: deliveries.openedAt })
          .from(deliveries)
          .where(eq(deliveries.userId, user.id))
      )[0]!.openedAt;
    expect(await openedAt()).toBeNull();

    // Days later, a mail scanner follows the link: it lands on History on the word's day in the user's zone
    // (09:00 UTC is 23:00 the day before in Honolulu), with the word's entry named, and nothing is recorded.
    await t.ctx.db.update(users).set({ timeZone: "Pacific/Honolulu" }).where(eq(users.id, user.id));
    t.clock.set(new Date("2025-10-04T12:00:00Z"));
    const [delivery] = await t.ctx.db.select().from(deliveries).where(eq(deliveries.userId, user.id));
    for (const method of ["GET", "HEAD"] as const) {
      const opened = await t.app.inject({ method, url: openLink.pathname + openLink.search });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(
        `/history?date=2025-09-30&entry=${delivery!.id}&opened=${encodeURIComponent(token)}`,
      );
    }
    const onThatDay = await get(cookie, "/api/history?date=2025-09-30");
    expect(onThatDay.json().map((entry: { id: number }) => entry.id)).toEqual([delivery!.id]);
    // A link we did not sign lands on History as it always did.
    const forged = await t.app.inject({ method: "GET", url: "/api/open?token=forged.token" });
    expect(forged.headers.location).toBe("/history?opened=forged.token");
    expect(await openedAt()).toBeNull();

    // Someone else's session, or none, records nothing either.
    const stranger = await t.signIn({ email: "stranger@example.com" });
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/open",
        headers: { ...SAME_ORIGIN, ...headers },
        payload: { token },
      });
    expect((await post({})).statusCode).toBe(401);
    expect((await post({ cookie: stranger.cookie })).statusCode).toBe(204);
    expect(await openedAt()).toBeNull();

    // The signed-in app of the recipient records it.
    expect((await post({ cookie })).statusCode).toBe(204);
    expect(await openedAt()).toEqual(t.clock.now());
    // Opening a word is not learning it (decision 004): Words Learned counts stable and known cards only.
    expect((await get(cookie, "/api/stats")).json()).toMatchObject({ wordsLearned: 0, completionRate: 0 });
  });
});
