import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExhaustedSubscriptions } from "@shared/api/subscriptions";
import { runSchedulerOnce } from "@server/features/delivery/service";
import { insertTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

describe("a topic with no new word left (issue 22)", () => {
  let t: TestApp;
  let cookie: string;

  const exhausted = async (who = cookie) => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/subscriptions/exhausted",
      headers: { cookie: who, ...SAME_ORIGIN },
    });
    return { status: response.statusCode, body: response.json() as ExhaustedSubscriptions };
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2025-05-01T07:00:00Z"));
    cookie = (await t.signIn({ email: "ann@example.com", timeZone: "UTC" })).cookie;
  });
  afterAll(() => t.close());

  it("names the subscription once its last new word has been sent, not before", async () => {
    const small = await insertTopic(t.ctx, "finance", 2);
    const subscription = await t.subscribe(cookie, {
      topicId: small.id,
      emailEnabled: false,
      inAppEnabled: true,
    });
    expect(await exhausted()).toEqual({ status: 200, body: { subscriptionIds: [] } });

    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    expect((await exhausted()).body.subscriptionIds).toEqual([]);

    t.clock.set(new Date("2025-05-02T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    expect((await exhausted()).body.subscriptionIds).toEqual([subscription.id]);
  });

  it("is the signed-in user's own: another learner's list is empty, a visitor gets 401 with a message", async () => {
    const bob = (await t.signIn({ email: "bob@example.com", timeZone: "UTC" })).cookie;
    expect(await exhausted(bob)).toEqual({ status: 200, body: { subscriptionIds: [] } });
    const visitor = await t.app.inject({
      method: "GET",
      url: "/api/subscriptions/exhausted",
      headers: SAME_ORIGIN,
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toHaveProperty("message");
  });
});
