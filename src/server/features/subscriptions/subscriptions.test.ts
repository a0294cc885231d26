import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEVEL_MESSAGE } from "@shared/api/subscriptions";
import { users } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { runSchedulerOnce } from "../delivery/service";
import { setSubscriptionStatus } from "./service";

describe("subscriptions API", () => {
  let t: TestApp;
  let topicA: FixtureTopic;
  let topicB: FixtureTopic;
  let topicC: FixtureTopic;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "admin@example.com" } });
    t.clock.set(new Date("2025-03-03T10:00:00Z"));
    topicA = await insertTopic(t.ctx, "finance", 3);
    topicB = await insertTopic(t.ctx, "idioms", 3, "idioms");
    topicC = await insertTopic(t.ctx, "slang", 3, "slang");
  });
  afterAll(() => t.close());

  const form = (topicId: number, overrides: Record<string, unknown> = {}) => ({
    topicId,
    frequency: "daily",
    deliveryMethod: "email",
    emailEnabled: true,
    inAppEnabled: false,
    deliveryTime: "09:00",
    ...overrides,
  });

  async function call(
    cookie: string,
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
  ) {
    return t.app.inject({
      method,
      url,
      headers: { cookie, ...(method === "GET" ? {} : SAME_ORIGIN) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  it("creates a subscription and answers it with its topic and next delivery", async () => {
    const { cookie } = await t.signIn({ email: "ann@example.com", timeZone: "Europe/Paris" });
    const created = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topicA.id, { deliveryTime: "18:30" }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      topicId: topicA.id,
      topic: {
        name: "finance",
        displayName: "Finance",
        description: "About finance",
        category: "vocabulary",
        icon: "📘",
      },
      frequency: "daily",
      deliveryMethod: "email",
      emailEnabled: true,
      inAppEnabled: false,
      deliveryTime: "18:30",
      active: true,
      status: "active",
      // 18:30 in Paris (UTC+1 in March) on the same day.
      nextDelivery: "2025-03-03T17:30:00.000Z",
    });
    const list = await call(cookie, "GET", "/api/subscriptions");
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0].nextDelivery).toBe("2025-03-03T17:30:00.000Z");
  });

  it("answers 400 with the spec's messages", async () => {
    const { cookie } = await t.signIn({ email: "bob@example.com" });
    const cases: [unknown, string][] = [
      [{ ...form(topicA.id), topicId: undefined }, "Please select a topic"],
      [form(999_999), "Please select a topic"],
      [
        form(topicA.id, { emailEnabled: false, inAppEnabled: false, deliveryMethod: undefined }),
        "Please select at least one delivery method",
      ],
      [
        form(topicA.id, { deliveryMethod: "both" }),
        'deliveryMethod must be "email" when e-mail is on and in-app is off',
      ],
      [form(topicA.id, { frequency: "monthly" }), "Please choose how often words should arrive"],
      [form(topicA.id, { deliveryTime: "25:00" }), "Delivery time must be HH:MM"],
      [form(topicA.id, { deliveryTime: "9:00" }), "Delivery time must be HH:MM"],
      [[1, 2], "Please select a topic"],
      [form(topicA.id, { level: 4 }), LEVEL_MESSAGE],
      [form(topicA.id, { level: 0 }), LEVEL_MESSAGE],
      [form(topicA.id, { level: "2" }), LEVEL_MESSAGE],
      [form(topicA.id, { level: 2.5 }), LEVEL_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const response = await call(cookie, "POST", "/api/subscriptions", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie, ...SAME_ORIGIN, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(broken.statusCode).toBe(400);
  });

  it("keeps a level: 2 by default, the one sent on creation, changed by a full-form PATCH, kept when omitted", async () => {
    const { cookie } = await t.signIn({ email: "levels@example.com" });
    await t.ctx.db
      .update(users)
      .set({ subscriptionPlan: "pro" })
      .where(eq(users.email, "levels@example.com"));
    const byDefault = await call(cookie, "POST", "/api/subscriptions", form(topicA.id));
    expect(byDefault.statusCode, byDefault.body).toBe(201);
    expect(byDefault.json().level).toBe(2);
    const expert = await call(cookie, "POST", "/api/subscriptions", form(topicB.id, { level: 3 }));
    expect(expert.json().level).toBe(3);
    const id = expert.json().id as number;

    const edited = await call(cookie, "PATCH", `/api/subscriptions/${id}`, form(topicB.id, { level: 1 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().level).toBe(1);
    const kept = await call(
      cookie,
      "PATCH",
      `/api/subscriptions/${id}`,
      form(topicB.id, { frequency: "weekly" }),
    );
    expect(kept.json()).toMatchObject({ level: 1, frequency: "weekly" });
    const refused = await call(cookie, "PATCH", `/api/subscriptions/${id}`, form(topicB.id, { level: 9 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LEVEL_MESSAGE);

    const list = await call(cookie, "GET", "/api/subscriptions");
    expect(
      list
        .json()
        .map((row: { level: number }) => row.level)
        .sort(),
    ).toEqual([1, 2]);
  });

  it("stores 09:00 for frequencies without a delivery time, and derives the method from the switches", async () => {
    const { cookie } = await t.signIn({ email: "cat@example.com" });
    const response = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topicA.id, {
        frequency: "weekly",
        deliveryTime: "17:45",
        deliveryMethod: undefined,
        emailEnabled: true,
        inAppEnabled: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ deliveryTime: "09:00", deliveryMethod: "both" });
  });

  it("enforces the free plan: 1 active subscription, no starred frequencies", async () => {
    const { cookie } = await t.signIn({ email: "dan@example.com" });
    const starred = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topicA.id, { frequency: "hourly" }),
    );
    expect(starred.statusCode).toBe(403);
    expect(starred.json()).toEqual({
      message: "Every Hour delivery needs a paid plan or a free trial.",
      code: "FREQUENCY_NOT_ALLOWED",
      currentPlan: "free",
      upgradeOptions: [
        { name: "basic", displayName: "Basic", price: 400 },
        { name: "premium", displayName: "Premium", price: 800 },
        { name: "pro", displayName: "Pro", price: 1600 },
      ],
    });
    const first = await call(cookie, "POST", "/api/subscriptions", form(topicA.id));
    expect(first.statusCode).toBe(201);
    const second = await call(cookie, "POST", "/api/subscriptions", form(topicB.id));
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: "SUBSCRIPTION_LIMIT_REACHED", currentPlan: "free" });

    // Switching the first off frees the slot; switching it back on is then over the limit.
    await call(cookie, "PUT", `/api/subscriptions/${first.json().id}`, { active: false });
    const other = await call(cookie, "POST", "/api/subscriptions", form(topicB.id));
    expect(other.statusCode).toBe(201);
    const again = await call(cookie, "PUT", `/api/subscriptions/${first.json().id}`, { active: true });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe("SUBSCRIPTION_LIMIT_REACHED");
    // Editing the active one to a starred frequency is refused too.
    const edit = await call(
      cookie,
      "PATCH",
      `/api/subscriptions/${other.json().id}`,
      form(topicB.id, { frequency: "every4hours" }),
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe("FREQUENCY_NOT_ALLOWED");
  });

  it("basic allows 5 and every frequency; an active trial lifts the limits", async () => {
    const { cookie, user } = await t.signIn({ email: "eve@example.com" });
    await t.ctx.db.update(users).set({ subscriptionPlan: "basic" }).where(eq(users.id, user.id));
    const many = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => (await insertTopic(t.ctx, `basic-topic-${index}`, 1)).id),
    );
    const answers = [];
    for (const topicId of many) {
      answers.push(
        (await call(cookie, "POST", "/api/subscriptions", form(topicId, { frequency: "hourly" }))).statusCode,
      );
    }
    expect(answers).toEqual([201, 201, 201, 201, 201, 403]);

    const trial = await t.signIn({ email: "fay@example.com" });
    await t.ctx.db.update(users).set({ trialStatus: "active" }).where(eq(users.id, trial.user.id));
    for (const topicId of [topicA.id, topicB.id, topicC.id]) {
      const response = await call(
        trial.cookie,
        "POST",
        "/api/subscriptions",
        form(topicId, { frequency: "every4hours" }),
      );
      expect(response.statusCode).toBe(201);
    }
  });

  it("two concurrent creates cannot both pass the free limit", async () => {
    const { cookie } = await t.signIn({ email: "gus@example.com" });
    const answers = await Promise.all([
      call(cookie, "POST", "/api/subscriptions", form(topicA.id)),
      call(cookie, "POST", "/api/subscriptions", form(topicB.id)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
  });

  it("refuses a second subscription to the same topic", async () => {
    const { cookie, user } = await t.signIn({ email: "hal@example.com" });
    await t.ctx.db.update(users).set({ subscriptionPlan: "pro" }).where(eq(users.id, user.id));
    expect((await call(cookie, "POST", "/api/subscriptions", form(topicA.id))).statusCode).toBe(201);
    const twice = await call(cookie, "POST", "/api/subscriptions", form(topicA.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("ALREADY_SUBSCRIBED");
  });

  it("edits with the full form (never the topic), toggles with { active }, deletes", async () => {
    const { cookie } = await t.signIn({ email: "ivy@example.com" });
    const { id } = (await call(cookie, "POST", "/api/subscriptions", form(topicA.id))).json();

    const edited = await call(
      cookie,
      "PATCH",
      `/api/subscriptions/${id}`,
      form(topicA.id, {
        frequency: "every2days",
        deliveryMethod: "in_app",
        emailEnabled: false,
        inAppEnabled: true,
        deliveryTime: "07:00",
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      frequency: "every2days",
      deliveryMethod: "in_app",
      deliveryTime: "09:00",
      active: true,
    });

    const moved = await call(cookie, "PATCH", `/api/subscriptions/${id}`, form(topicB.id));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe("The topic of a subscription cannot be changed");

    const off = await call(cookie, "PATCH", `/api/subscriptions/${id}`, { active: false });
    expect(off.json()).toMatchObject({ active: false, nextDelivery: null });
    const on = await call(cookie, "PUT", `/api/subscriptions/${id}`, { active: true });
    expect(on.json().active).toBe(true);
    expect(on.json().nextDelivery).not.toBeNull();
    expect((await call(cookie, "PUT", `/api/subscriptions/${id}`, { active: "yes" })).statusCode).toBe(400);
    expect((await call(cookie, "PUT", `/api/subscriptions/${id}`, {})).statusCode).toBe(400);

    expect((await call(cookie, "DELETE", `/api/subscriptions/${id}`)).statusCode).toBe(204);
    expect((await call(cookie, "DELETE", `/api/subscriptions/${id}`)).statusCode).toBe(404);
    expect((await call(cookie, "GET", "/api/subscriptions")).json()).toEqual([]);
    expect((await call(cookie, "PATCH", "/api/subscriptions/abc", { active: true })).statusCode).toBe(400);
  });

  it("billing can pause and resume: a paused subscription shows its status and has no next delivery", async () => {
    const { cookie, user } = await t.signIn({ email: "jon@example.com" });
    const { id } = (await call(cookie, "POST", "/api/subscriptions", form(topicA.id))).json();
    await setSubscriptionStatus(t.ctx, user.id, [id], "paused");
    expect((await call(cookie, "GET", "/api/subscriptions")).json()[0]).toMatchObject({
      status: "paused",
      active: true,
      nextDelivery: null,
    });
    await setSubscriptionStatus(t.ctx, user.id, [id], "active");
    expect((await call(cookie, "GET", "/api/subscriptions")).json()[0].nextDelivery).not.toBeNull();
  });

  describe("demo", () => {
    it("is for admins only, 404 on another's subscription, 409 when inactive, and e-mails a word recorded as demo", async () => {
      const admin = await t.signIn({ email: "admin@example.com" });
      const member = await t.signIn({ email: "kim@example.com" });
      const adminSub = (await call(admin.cookie, "POST", "/api/subscriptions", form(topicC.id))).json();
      const memberSub = (await call(member.cookie, "POST", "/api/subscriptions", form(topicC.id))).json();

      expect((await call(member.cookie, "POST", `/api/subscriptions/${memberSub.id}/demo`)).statusCode).toBe(
        403,
      );
      expect((await call(admin.cookie, "POST", `/api/subscriptions/${memberSub.id}/demo`)).statusCode).toBe(
        404,
      );

      const sent = await call(admin.cookie, "POST", `/api/subscriptions/${adminSub.id}/demo`);
      expect(sent.statusCode).toBe(200);
      const history = (await call(admin.cookie, "GET", "/api/history")).json();
      expect(history[0]).toMatchObject({
        source: "demo",
        status: "sent",
        deliveryMethod: "email",
        content: { word: "slang-1" },
      });

      await call(admin.cookie, "PUT", `/api/subscriptions/${adminSub.id}`, { active: false });
      const inactive = await call(admin.cookie, "POST", `/api/subscriptions/${adminSub.id}/demo`);
      expect(inactive.statusCode).toBe(409);
      // The scheduler has nothing more to send for it (the demo went out at once).
      expect((await runSchedulerOnce(t.ctx)).emailsSent).toBe(0);
    });
  });
});
