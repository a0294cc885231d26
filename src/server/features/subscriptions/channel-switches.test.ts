import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELECT_DELIVERY_METHOD_MESSAGE } from "@shared/api/subscriptions";
import { SMS_NOT_ALLOWED_MESSAGE } from "@shared/rules/plans";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { learnerCalls } from "@server/testing/learner-calls";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { fitSubscriptionsToPlan } from "./service";

describe("the SMS and push switches of a subscription", () => {
  let t: TestApp;
  let topics: FixtureTopic[];
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2025-03-03T10:00:00Z"));
    topics = [
      await insertTopic(t.ctx, "finance", 3),
      await insertTopic(t.ctx, "idioms", 3, "idioms"),
      await insertTopic(t.ctx, "slang", 3, "slang"),
    ];
  });
  afterAll(() => t.close());

  const form = (topicId: number, overrides: Record<string, unknown> = {}) => ({
    topicId,
    frequency: "daily",
    emailEnabled: true,
    inAppEnabled: false,
    deliveryTime: "09:00",
    ...overrides,
  });
  const { call, asPlan } = learnerCalls(() => t);

  it("are off unless asked for, and the spec's fields answer as before", async () => {
    const { cookie } = await asPlan("plain@example.com", "free");
    const created = await call(cookie, "POST", "/api/subscriptions", form(topics[0]!.id));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      deliveryMethod: "email",
      emailEnabled: true,
      inAppEnabled: false,
      smsEnabled: false,
      pushEnabled: false,
    });
    expect((await call(cookie, "GET", "/api/subscriptions")).json()[0]).toMatchObject({
      smsEnabled: false,
      pushEnabled: false,
    });
  });

  it("SMS needs a paid plan: a free user turning it on gets 403 CHANNEL_NOT_ALLOWED; push is for every plan", async () => {
    const { cookie } = await asPlan("free@example.com", "free");
    const refused = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topics[0]!.id, { smsEnabled: true }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "CHANNEL_NOT_ALLOWED",
      message: SMS_NOT_ALLOWED_MESSAGE,
      currentPlan: "free",
    });
    expect(refused.json().upgradeOptions.map((option: { name: string }) => option.name)).toEqual([
      "basic",
      "premium",
      "pro",
    ]);

    const withPush = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topics[0]!.id, { pushEnabled: true }),
    );
    expect(withPush.statusCode).toBe(201);
    const id = withPush.json().id as number;
    const edit = await call(
      cookie,
      "PATCH",
      `/api/subscriptions/${id}`,
      form(topics[0]!.id, { smsEnabled: true }),
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe("CHANNEL_NOT_ALLOWED");
    expect((await call(cookie, "GET", "/api/subscriptions")).json()[0]).toMatchObject({
      id,
      smsEnabled: false,
    });
  });

  it("a paid user may take SMS alone; an edit that leaves the switches out keeps them", async () => {
    const { cookie } = await asPlan("basic@example.com", "basic");
    const created = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topics[1]!.id, { emailEnabled: false, inAppEnabled: false, smsEnabled: true, pushEnabled: true }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      emailEnabled: false,
      inAppEnabled: false,
      smsEnabled: true,
      pushEnabled: true,
      deliveryMethod: "in_app",
    });
    const id = created.json().id as number;

    // Today's form knows only e-mail and in-app: an edit from it leaves SMS and push as they are.
    const edit = await call(cookie, "PATCH", `/api/subscriptions/${id}`, {
      frequency: "weekly",
      deliveryMethod: "email",
      emailEnabled: true,
      inAppEnabled: false,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      frequency: "weekly",
      deliveryMethod: "email",
      smsEnabled: true,
      pushEnabled: true,
    });

    // With e-mail and in-app off, an edit that leaves out SMS still has it on: allowed.
    const smsOnly = await call(cookie, "PATCH", `/api/subscriptions/${id}`, {
      frequency: "weekly",
      emailEnabled: false,
      inAppEnabled: false,
      pushEnabled: false,
    });
    expect(smsOnly.statusCode).toBe(200);
    expect(smsOnly.json()).toMatchObject({ smsEnabled: true, pushEnabled: false });
  });

  it("a downgrade to Free switches SMS off; a subscription that had only SMS goes on by e-mail", async () => {
    const { cookie, user } = await asPlan("downgrade@example.com", "basic");
    const smsOnly = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topics[0]!.id, { emailEnabled: false, inAppEnabled: false, smsEnabled: true }),
    );
    const withInApp = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topics[1]!.id, { emailEnabled: false, inAppEnabled: true, smsEnabled: true }),
    );
    expect([smsOnly.statusCode, withInApp.statusCode]).toEqual([201, 201]);
    await t.ctx.db.transaction((tx) =>
      fitSubscriptionsToPlan(tx, user.id, { subscriptionPlan: "free", trialStatus: null }, t.clock.now()),
    );
    const list = (await call(cookie, "GET", "/api/subscriptions")).json() as {
      id: number;
      smsEnabled: boolean;
      emailEnabled: boolean;
      inAppEnabled: boolean;
      deliveryMethod: string;
    }[];
    expect(list.find((row) => row.id === smsOnly.json().id)).toMatchObject({
      smsEnabled: false,
      emailEnabled: true,
      inAppEnabled: false,
      deliveryMethod: "email",
    });
    expect(list.find((row) => row.id === withInApp.json().id)).toMatchObject({
      smsEnabled: false,
      emailEnabled: false,
      inAppEnabled: true,
      deliveryMethod: "in_app",
    });
  });

  it("at least one channel stays on, counting SMS and push", async () => {
    const { cookie } = await asPlan("none@example.com", "pro");
    const allOff = { emailEnabled: false, inAppEnabled: false, smsEnabled: false, pushEnabled: false };
    const refused = await call(cookie, "POST", "/api/subscriptions", form(topics[2]!.id, allOff));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: SELECT_DELIVERY_METHOD_MESSAGE,
      code: "VALIDATION_ERROR",
    });
    const spec = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topics[2]!.id, { emailEnabled: false, inAppEnabled: false }),
    );
    expect(spec.statusCode).toBe(400);
    expect(spec.json().message).toBe(SELECT_DELIVERY_METHOD_MESSAGE);

    const created = await call(
      cookie,
      "POST",
      "/api/subscriptions",
      form(topics[2]!.id, { pushEnabled: true }),
    );
    const id = created.json().id as number;
    await call(cookie, "PATCH", `/api/subscriptions/${id}`, form(topics[2]!.id, { pushEnabled: false }));
    // The stored SMS and push are off, so leaving them out of an all-off edit is refused by the server.
    const edit = await call(cookie, "PATCH", `/api/subscriptions/${id}`, {
      frequency: "daily",
      emailEnabled: false,
      inAppEnabled: false,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ message: SELECT_DELIVERY_METHOD_MESSAGE, code: "VALIDATION_ERROR" });
    expect((await call(cookie, "PATCH", `/api/subscriptions/${id}`, { smsEnabled: "yes" })).statusCode).toBe(
      400,
    );
  });
});
