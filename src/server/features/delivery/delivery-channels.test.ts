import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@server/db/raw";
import { users } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { recordingChannel } from "@server/testing/recording-channel";
import { createSmtpTestApp, type SmtpSink } from "@server/testing/smtp-sink";
import { SAME_ORIGIN, type TestApp } from "@server/testing/test-app";
import { runSchedulerOnce } from "./service";

describe("delivery over several channels (e-mail over SMTP, SMS and push through provider doubles)", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let topic: FixtureTopic;
  let closeApp: () => Promise<void>;
  const sms = recordingChannel("sms");
  const push = recordingChannel("push", { leadOnly: true });
  beforeAll(async () => {
    ({ t, sink, close: closeApp } = await createSmtpTestApp({ channels: [sms, push] }));
    topic = await insertTopic(t.ctx, "finance", 10);
  });
  afterAll(() => closeApp());

  let userCount = 0;
  /** A fresh pro user subscribed daily at 09:00 UTC from `start`; earlier tests' subscriptions are off. */
  async function subscribed(start: string, switches: Record<string, boolean | number>) {
    await t.ctx.db.execute(sql`update subscriptions set active = false, next_delivery_at = null`);
    t.clock.set(new Date(start));
    userCount += 1;
    const { user, cookie } = await t.signIn({ email: `channels-${userCount}@example.com`, timeZone: "UTC" });
    await t.ctx.db.update(users).set({ subscriptionPlan: "pro" }).where(eq(users.id, user.id));
    const created = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie, ...SAME_ORIGIN },
      payload: { topicId: topic.id, frequency: "daily", deliveryTime: "09:00", ...switches },
    });
    expect(created.statusCode).toBe(201);
    return { user, cookie, subscriptionId: created.json().id as number };
  }
  const history = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/history", headers: { cookie } })).json()[0];
  const minutes = (count: number) => t.clock.advance(count * 60_000);
  const sendsOf = (userId: string) =>
    queryRows<{ channel: string; status: string; attempts: number; provider_message_id: string | null }>(
      t.ctx.db,
      sql`select channel, status, attempts, provider_message_id from delivery_sends
          where delivery_id in (select id from deliveries where user_id = ${userId}) order by channel`,
    );

  it("sends the word once on every switched-on channel, and History says e-mail and SMS went ('both')", async () => {
    const { user, cookie } = await subscribed("2025-05-01T08:00:00Z", {
      emailEnabled: true,
      inAppEnabled: true,
      smsEnabled: true,
      pushEnabled: true,
    });
    const mails = sink.received.length;
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    const run = await runSchedulerOnce(t.ctx);
    expect(run).toMatchObject({
      delivered: 1,
      emailsSent: 1,
      sends: {
        email: { sent: 1, retrying: 0, failed: 0 },
        sms: { sent: 1, retrying: 0, failed: 0 },
        push: { sent: 1, retrying: 0, failed: 0 },
      },
    });
    expect(sink.received.length).toBe(mails + 1);
    expect(sms.accepted.at(-1)).toMatchObject({
      source: "scheduled",
      recipient: { userId: user.id, email: user.email },
      word: { word: "finance-1", definition: "Definition 1 of finance" },
      topicName: "Finance",
    });
    expect(sms.accepted.at(-1)!.links.open).toContain("/api/open?token=");
    expect(push.accepted.at(-1)!.deliveryId).toBe(sms.accepted.at(-1)!.deliveryId);
    expect(await sendsOf(user.id)).toEqual([
      {
        channel: "email",
        status: "sent",
        attempts: 1,
        provider_message_id: expect.stringMatching(/^<delivery\./),
      },
      { channel: "push", status: "sent", attempts: 1, provider_message_id: expect.stringMatching(/^push-/) },
      { channel: "sms", status: "sent", attempts: 1, provider_message_id: expect.stringMatching(/^sms-/) },
    ]);
    expect(await history(cookie)).toMatchObject({
      status: "sent",
      deliveryMethod: "both",
      channels: ["email", "sms", "push", "in_app"],
      error: null,
    });
    // The word is in the app too.
    const recent = await t.app.inject({ method: "GET", url: "/api/activity/recent", headers: { cookie } });
    expect(recent.json()).toHaveLength(1);
  });

  it("retries a temporary SMS failure on the SMS channel's back-off without sending the e-mail again", async () => {
    const { user, cookie } = await subscribed("2025-06-01T08:00:00Z", {
      emailEnabled: true,
      inAppEnabled: false,
      smsEnabled: true,
    });
    const mails = sink.received.length;
    const texts = sms.accepted.length;
    sms.failNext(1, "temporary", "Carrier busy");
    t.clock.set(new Date("2025-06-01T09:00:00Z"));
    expect((await runSchedulerOnce(t.ctx)).sends).toMatchObject({
      email: { sent: 1 },
      sms: { sent: 0, retrying: 1 },
    });
    expect(await history(cookie)).toMatchObject({ status: "pending", deliveryMethod: "both", error: null });
    expect((await history(cookie)).sentAt).not.toBeNull(); // the e-mail reached the user

    minutes(1);
    expect((await runSchedulerOnce(t.ctx)).sends).toMatchObject({ email: { sent: 0 }, sms: { sent: 1 } });
    expect(sink.received.length).toBe(mails + 1);
    expect(sms.accepted.length).toBe(texts + 1);
    expect(await sendsOf(user.id)).toMatchObject([
      { channel: "email", status: "sent", attempts: 1 },
      { channel: "sms", status: "sent", attempts: 2 },
    ]);
    expect(await history(cookie)).toMatchObject({ status: "sent", error: null });
  });

  it("retries a temporary e-mail failure without sending the SMS again", async () => {
    const { user } = await subscribed("2025-06-10T08:00:00Z", {
      emailEnabled: true,
      inAppEnabled: true,
      smsEnabled: true,
    });
    const texts = sms.accepted.length;
    sink.failNext(1, 451, "4.3.0 Mailbox busy");
    t.clock.set(new Date("2025-06-10T09:00:00Z"));
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ emailsRetrying: 1, sends: { sms: { sent: 1 } } });
    minutes(1);
    expect(await runSchedulerOnce(t.ctx)).toMatchObject({ emailsSent: 1, sends: { sms: { sent: 0 } } });
    expect(sms.accepted.length).toBe(texts + 1);
    expect(await sendsOf(user.id)).toMatchObject([
      { channel: "email", status: "sent", attempts: 2 },
      { channel: "sms", status: "sent", attempts: 1 },
    ]);
  });

  it("a permanent SMS failure ends failed at once, with the provider's text in History ('sms')", async () => {
    const { cookie } = await subscribed("2025-07-01T08:00:00Z", {
      emailEnabled: false,
      inAppEnabled: false,
      smsEnabled: true,
    });
    sms.failNext(1, "permanent", "Not a mobile number");
    t.clock.set(new Date("2025-07-01T09:00:00Z"));
    expect((await runSchedulerOnce(t.ctx)).sends).toMatchObject({ sms: { failed: 1 } });
    expect(await history(cookie)).toMatchObject({
      status: "failed",
      deliveryMethod: "sms",
      channels: ["sms"],
      sentAt: null,
      error: "Not a mobile number",
    });
    minutes(60);
    expect((await runSchedulerOnce(t.ctx)).sends).toMatchObject({ sms: { sent: 0, retrying: 0, failed: 0 } });
  });

  it("gives up after the channel's attempts, and an SMS turned off before it went out is not sent", async () => {
    const { cookie, subscriptionId } = await subscribed("2025-08-01T08:00:00Z", {
      emailEnabled: false,
      inAppEnabled: true,
      pushEnabled: true,
    });
    push.failNext(push.retry.maxAttempts, "temporary", "Push service unavailable");
    t.clock.set(new Date("2025-08-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    for (let attempt = 1; attempt < push.retry.maxAttempts; attempt += 1) {
      minutes(1);
      await runSchedulerOnce(t.ctx);
    }
    expect(await history(cookie)).toMatchObject({
      status: "failed",
      deliveryMethod: "in_app",
      error: "Push service unavailable",
    });

    const edit = await t.app.inject({
      method: "PATCH",
      url: `/api/subscriptions/${subscriptionId}`,
      headers: { cookie, ...SAME_ORIGIN },
      payload: {
        frequency: "daily",
        deliveryTime: "09:00",
        emailEnabled: false,
        inAppEnabled: true,
        smsEnabled: true,
      },
    });
    expect(edit.json()).toMatchObject({ smsEnabled: true, pushEnabled: true });
    sms.failNext(1, "temporary", "Carrier busy");
    t.clock.set(new Date("2025-08-02T09:00:00Z"));
    expect((await runSchedulerOnce(t.ctx)).sends).toMatchObject({ sms: { retrying: 1 } });
    await t.app.inject({
      method: "PATCH",
      url: `/api/subscriptions/${subscriptionId}`,
      headers: { cookie, ...SAME_ORIGIN },
      payload: {
        frequency: "daily",
        deliveryTime: "09:00",
        emailEnabled: false,
        inAppEnabled: true,
        smsEnabled: false,
      },
    });
    const texts = sms.accepted.length;
    minutes(1);
    expect((await runSchedulerOnce(t.ctx)).sends).toMatchObject({ sms: { sent: 0, failed: 1 } });
    expect(sms.accepted.length).toBe(texts);
    // The day's send carries the new word and yesterday's word as a review; the one whose text was waiting says why.
    const entries = (await t.app.inject({ method: "GET", url: "/api/history", headers: { cookie } })).json<
      { status: string; error: string | null }[]
    >();
    expect(entries).toContainEqual(
      expect.objectContaining({
        status: "failed",
        error: "Not sent: SMS was turned off for this subscription before it went out",
      }),
    );
  });

  it("a notification with room for one word carries the lead only: the others are not recorded as pushed, and wait in the app", async () => {
    const { user, cookie } = await subscribed("2025-09-01T08:00:00Z", {
      emailEnabled: false,
      inAppEnabled: false,
      pushEnabled: true,
      wordsPerSend: 3,
    });
    const pushes = push.accepted.length;
    t.clock.set(new Date("2025-09-01T09:00:00Z"));
    expect((await runSchedulerOnce(t.ctx)).sends).toMatchObject({ push: { sent: 1, failed: 0 } });
    // One notification for the send of three words, naming the other two.
    expect(push.accepted.length).toBe(pushes + 1);
    expect(push.accepted.at(-1)!.alongside).toHaveLength(2);
    expect(await sendsOf(user.id)).toEqual([
      { channel: "push", status: "sent", attempts: 1, provider_message_id: expect.stringMatching(/^push-/) },
    ]);
    // All three are in Today's Learning, where the notification sends the learner.
    const today = await t.app.inject({ method: "GET", url: "/api/activity/today", headers: { cookie } });
    expect(today.json()).toHaveLength(3);
    // History lists push for the word the notification showed only, and the app for the two that wait there
    // (in-app notifications are off, but Today's Learning is where they reached the learner).
    const entries = (await t.app.inject({ method: "GET", url: "/api/history", headers: { cookie } })).json<
      { content: { word: string }; channels: string[]; status: string }[]
    >();
    const lead = push.accepted.at(-1)!.word.word;
    expect(
      entries.map((entry) => [entry.content.word === lead, entry.channels, entry.status]).sort(),
    ).toEqual([
      [false, ["in_app"], "sent"],
      [false, ["in_app"], "sent"],
      [true, ["push"], "sent"],
    ]);
  });
});
