import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@shared/constants";
import { OWN_HOST, createTestApp, SAME_ORIGIN, type TestApp } from "@server/testing/test-app";
import { deliverySends } from "@server/db/schema";
import { insertTopic } from "@server/testing/content-fixtures";

const testLogin = (t: TestApp, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/test/login", headers: SAME_ORIGIN, payload });

describe("POST /api/test/login under NODE_ENV=test", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "boss@jargon.example" } });
  });
  afterAll(() => t.close());

  it("signs a browser test in without the e-mail round trip", async () => {
    const response = await testLogin(t, { email: "Ada@Example.com", firstName: "ada" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: "ada@example.com", isAdmin: false });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);

    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
    });
    expect(me.json()).toMatchObject({ email: "ada@example.com", firstName: "ada", timeZone: null });
  });

  it("rejects an address that is not one", async () => {
    expect((await testLogin(t, { email: "nobody" })).statusCode).toBe(400);
  });
});

describe.each(["development", "production"])("POST /api/test/login under NODE_ENV=%s", (env) => {
  it("does not exist", async () => {
    const t = await createTestApp({
      env: {
        NODE_ENV: env,
        SESSION_SECRET: "a-long-enough-production-secret-0123456789",
        SMTP_URL: "smtp://127.0.0.1:1",
        PAYMENTS: "sandbox",
      },
    });
    try {
      expect((await testLogin(t, { email: "ada@example.com" })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe("POST /api/test/deliveries/run", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2025-03-03T10:00:00Z"));
  });
  afterAll(() => t.close());

  it("delivers the caller's next due word at its slot, and nobody else's", async () => {
    const topic = await insertTopic(t.ctx, "finance", 3);
    const subscribe = (cookie: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/subscriptions",
        headers: { cookie, ...SAME_ORIGIN },
        payload: {
          topicId: topic.id,
          frequency: "daily",
          deliveryMethod: "in_app",
          emailEnabled: false,
          inAppEnabled: true,
          deliveryTime: "18:30",
        },
      });
    const ann = await t.signIn({ email: "ann@example.com", timeZone: "UTC" });
    const bob = await t.signIn({ email: "bob@example.com", timeZone: "UTC" });
    expect((await subscribe(ann.cookie)).statusCode).toBe(201);
    expect((await subscribe(bob.cookie)).statusCode).toBe(201);

    const run = await t.app.inject({
      method: "POST",
      url: "/api/test/deliveries/run",
      headers: { cookie: ann.cookie, ...SAME_ORIGIN },
      payload: {},
    });
    expect(run.json()).toMatchObject({ delivered: 1, at: "2025-03-03T18:30:00.000Z" });

    const recent = (cookie: string) =>
      t.app.inject({ method: "GET", url: "/api/activity/recent", headers: { cookie } });
    expect((await recent(ann.cookie)).json()).toHaveLength(1);
    expect((await recent(bob.cookie)).json()).toHaveLength(0);
  });

  it("sends nobody else's words: a run days ahead leaves another learner's send under way alone", async () => {
    const topic = await insertTopic(t.ctx, "law", 3);
    const carl = await t.signIn({ email: "carl@example.com", timeZone: "UTC" });
    const dora = await t.signIn({ email: "dora@example.com", timeZone: "UTC" });
    const subscribed = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie: carl.cookie, ...SAME_ORIGIN },
      payload: {
        topicId: topic.id,
        frequency: "daily",
        deliveryMethod: "both",
        emailEnabled: true,
        inAppEnabled: true,
        deliveryTime: "18:30",
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const run = (cookie: string, payload: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/test/deliveries/run",
        headers: { cookie, ...SAME_ORIGIN },
        payload,
      });
    expect((await run(carl.cookie, {})).json()).toMatchObject({ delivered: 1 });
    // Carl's e-mail as another sender holds it: leased until the next morning, on its first attempt.
    const [carlsEmail] = await t.ctx.db
      .update(deliverySends)
      .set({ status: "pending", attempts: 1, nextAttemptAt: new Date("2025-03-04T08:00:00Z") })
      .where(eq(deliverySends.channel, "email"))
      .returning();
    expect(carlsEmail).toBeDefined();

    // Dora's run, two days ahead, must not take that lease for a lapsed one and send Carl's word again.
    expect((await run(dora.cookie, { at: "2025-03-06T09:00:00Z" })).statusCode).toBe(200);
    const [after] = await t.ctx.db
      .select()
      .from(deliverySends)
      .where(eq(deliverySends.deliveryId, carlsEmail!.deliveryId));
    expect(after).toMatchObject({ status: "pending", attempts: 1 });
  });
});

describe("POST /api/test/billing/run", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2025-06-01T10:00:00Z"));
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie, ...SAME_ORIGIN }, payload });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();

  // One trial per card: each user brings a different test card.
  async function trialingUser(email: string, cardNumber: string) {
    const { cookie } = await t.signIn({ email });
    const started = (await post(cookie, "/api/start-trial", { trialPlan: "premium" })).json();
    const card = { cardNumber, expMonth: 12, expYear: 2030, cvc: "123" };
    expect(
      (await post(cookie, "/api/sandbox/confirm", { clientSecret: started.clientSecret, ...card }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(cookie, "/api/confirm-trial", { setupIntentId: started.setupIntentId })).statusCode,
    ).toBe(200);
    return cookie;
  }

  it("ends the caller's trial at the chosen instant and leaves everyone else's alone", async () => {
    const ann = await trialingUser("ann@example.com", "4242424242424242");
    const bob = await trialingUser("bob@example.com", "5555555555554444");
    const trialEnd = (await me(ann)).trialEndDate as string;
    expect(trialEnd).toBe("2025-06-08T10:00:00.000Z");

    const run = await post(ann, "/api/test/billing/run", {});
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ at: "2025-06-08T10:01:00.000Z" });

    expect(await me(ann)).toMatchObject({
      subscriptionPlan: "premium",
      subscriptionStatus: "active",
      trialStatus: "converted",
    });
    expect(await me(bob)).toMatchObject({ subscriptionPlan: "free", trialStatus: "active" });
    const mail = (
      await t.app.inject({ method: "GET", url: "/api/dev/mailbox", headers: OWN_HOST })
    ).json() as Array<{
      to: string;
      subject: string;
    }>;
    expect(mail.filter((m) => m.to === "ann@example.com").map((m) => m.subject)).toContain(
      "Payment receipt: Jargon Premium",
    );
    expect(mail.filter((m) => m.to === "bob@example.com").map((m) => m.subject)).not.toContain(
      "Payment receipt: Jargon Premium",
    );
  });

  it("needs a signed-in user and a real instant", async () => {
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/test/billing/run",
          headers: SAME_ORIGIN,
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
    const { cookie } = await t.signIn({ email: "cara@example.com" });
    expect((await post(cookie, "/api/test/billing/run", { at: "tomorrow" })).statusCode).toBe(400);
  });
});
