import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, users } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { recordingChannel } from "@server/testing/recording-channel";
import { createTestApp, SAME_ORIGIN, type TestApp } from "@server/testing/test-app";
import { runSchedulerOnce } from "../delivery/service";

describe("first-session flow", () => {
  let t: TestApp;
  const email = recordingChannel("email");
  const push = recordingChannel("push");
  let finance: FixtureTopic;
  let law: FixtureTopic;
  beforeAll(async () => {
    t = await createTestApp({ channels: [email, push] });
    t.clock.set(new Date("2026-03-02T07:00:00Z"));
    finance = await insertTopic(t.ctx, "finance", 5);
    law = await insertTopic(t.ctx, "law", 5);
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload?: object) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { cookie, ...SAME_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();
  const answers = (topicIds: number[]) => ({
    topicIds,
    level: 1,
    emailEnabled: true,
    inAppEnabled: true,
    pushEnabled: true,
    deliveryTime: "09:00",
  });

  it("is pending for a new user, delivers the first word at once by every channel, and is then done", async () => {
    const { user, cookie } = await t.signIn({ email: "new@example.com", timeZone: "UTC" });
    expect((await me(cookie)).onboardingPending).toBe(true);
    await t.ctx.db.update(users).set({ subscriptionPlan: "premium" }).where(eq(users.id, user.id));

    const done = await post(cookie, "/api/onboarding", answers([finance.id, law.id]));
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json();
    expect(body.delivered).toBe(2);
    expect(body.subscriptions.map((row: { topicId: number }) => row.topicId).sort()).toEqual(
      [finance.id, law.id].sort(),
    );
    // The next slot is the schedule's, not another word today at once.
    expect(body.subscriptions[0].nextDelivery).toBe("2026-03-02T09:00:00.000Z");
    expect(email.accepted.filter((m) => m.recipient.userId === user.id)).toHaveLength(2);
    expect(push.accepted.filter((m) => m.recipient.userId === user.id)).toHaveLength(2);
    const rows = await t.ctx.db.select().from(deliveries).where(eq(deliveries.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.inApp && row.sentAt !== null)).toBe(true);
    expect((await me(cookie)).onboardingPending).toBe(false);

    // The sender job finds nothing left to send: each first word went out once per channel.
    await runSchedulerOnce(t.ctx, { onlyUserId: user.id });
    expect(email.accepted.filter((m) => m.recipient.userId === user.id)).toHaveLength(2);
    expect((await post(cookie, "/api/onboarding", answers([finance.id]))).statusCode).toBe(409);
  });

  it("checks the Free plan's limit for all picked topics before creating any", async () => {
    const { user, cookie } = await t.signIn({ email: "free@example.com", timeZone: "UTC" });
    const refused = await post(cookie, "/api/onboarding", {
      ...answers([finance.id, law.id]),
      pushEnabled: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "SUBSCRIPTION_LIMIT_REACHED", currentPlan: "free" });
    expect(await t.ctx.db.select().from(deliveries).where(eq(deliveries.userId, user.id))).toHaveLength(0);
    expect((await me(cookie)).onboardingPending).toBe(true);

    const one = await post(cookie, "/api/onboarding", {
      ...answers([law.id]),
      emailEnabled: false,
      pushEnabled: false,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().delivered).toBe(1);
    expect(email.accepted.filter((m) => m.recipient.userId === user.id)).toHaveLength(0);
  });

  it("skipping is remembered and answers 204; a visitor gets 401", async () => {
    const { cookie } = await t.signIn({ email: "skipper@example.com", timeZone: "UTC" });
    expect((await post(cookie, "/api/onboarding/skip")).statusCode).toBe(204);
    expect((await me(cookie)).onboardingPending).toBe(false);
    expect((await post(cookie, "/api/onboarding", answers([finance.id]))).statusCode).toBe(409);
    expect((await post("", "/api/onboarding/skip")).statusCode).toBe(401);
  });

  it("validates its answers with the form's messages", async () => {
    const { cookie } = await t.signIn({ email: "picky@example.com", timeZone: "UTC" });
    const none = await post(cookie, "/api/onboarding", answers([]));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Pick at least one topic");
    const noChannel = await post(cookie, "/api/onboarding", {
      ...answers([finance.id]),
      emailEnabled: false,
      inAppEnabled: false,
      pushEnabled: false,
    });
    expect(noChannel.json().message).toBe("Please select at least one delivery method");
  });
});
