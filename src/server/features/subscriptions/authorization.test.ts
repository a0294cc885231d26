import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, subscriptions, users } from "@server/db/schema";
import { insertTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { runSchedulerOnce } from "../delivery/service";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

describe("who may see and change what", () => {
  let t: TestApp;
  let ann: { cookie: string; userId: string };
  let bob: { cookie: string };
  let admin: { cookie: string };
  let subscriptionId: number;
  let deliveryId: number;
  let wordId: number;
  let topicId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "root@example.com" } });
    t.clock.set(new Date("2025-05-05T08:00:00Z"));
    const topic = await insertTopic(t.ctx, "finance", 5);
    topicId = topic.id;
    const a = await t.signIn({ email: "ann@example.com" });
    ann = { cookie: a.cookie, userId: a.user.id };
    bob = { cookie: (await t.signIn({ email: "bob@example.com" })).cookie };
    admin = { cookie: (await t.signIn({ email: "root@example.com" })).cookie };
    const created = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie: ann.cookie, ...SAME_ORIGIN },
      payload: {
        topicId,
        frequency: "daily",
        deliveryTime: "09:00",
        emailEnabled: false,
        inAppEnabled: true,
      },
    });
    subscriptionId = created.json().id;
    t.clock.set(new Date("2025-05-05T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    const [delivery] = await t.ctx.db.select().from(deliveries).where(eq(deliveries.userId, ann.userId));
    deliveryId = delivery!.id;
    wordId = delivery!.wordId;
    await t.app.inject({
      method: "POST",
      url: "/api/favorites",
      headers: { cookie: ann.cookie, ...SAME_ORIGIN },
      payload: { contentId: wordId },
    });
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(method === "GET" ? {} : SAME_ORIGIN) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const routes = (): [Method, string, unknown?][] => [
    ["GET", "/api/subscriptions"],
    ["POST", "/api/subscriptions", { topicId, frequency: "daily", emailEnabled: true, inAppEnabled: false }],
    ["PATCH", `/api/subscriptions/${subscriptionId}`, { active: false }],
    ["PUT", `/api/subscriptions/${subscriptionId}`, { active: false }],
    ["DELETE", `/api/subscriptions/${subscriptionId}`],
    ["POST", `/api/subscriptions/${subscriptionId}/demo`],
    ["GET", "/api/activity/recent"],
    ["GET", "/api/activity/today"],
    ["POST", `/api/notifications/${deliveryId}/read`],
    ["POST", `/api/notifications/${deliveryId}/dismiss`],
    ["POST", "/api/notifications/clear-all"],
    ["GET", "/api/history"],
    ["GET", "/api/favorites"],
    ["POST", "/api/favorites", { contentId: wordId }],
    ["DELETE", `/api/favorites/${wordId}`],
    ["GET", "/api/stats"],
  ];

  it("anonymous callers get 401 on every route", async () => {
    for (const [method, url, payload] of routes()) {
      const response = await call(method, url, undefined, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
    }
  });

  it("another user gets 404 for Ann's ids and sees none of her data; Ann's data is untouched", async () => {
    const own = [
      ["PATCH", `/api/subscriptions/${subscriptionId}`, { active: false }],
      [
        "PATCH",
        `/api/subscriptions/${subscriptionId}`,
        { topicId, frequency: "weekly", emailEnabled: true, inAppEnabled: false },
      ],
      ["PUT", `/api/subscriptions/${subscriptionId}`, { active: false }],
      ["DELETE", `/api/subscriptions/${subscriptionId}`],
      ["POST", `/api/notifications/${deliveryId}/read`],
      ["POST", `/api/notifications/${deliveryId}/dismiss`],
      ["DELETE", `/api/favorites/${wordId}`],
      // Favoriting a word Bob never received (Ann did) is not found for him.
      ["POST", "/api/favorites", { contentId: wordId }],
    ] as const;
    for (const [method, url, payload] of own) {
      const response = await call(method, url, bob.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call("POST", `/api/subscriptions/${subscriptionId}/demo`, bob.cookie)).statusCode).toBe(
      403,
    );
    expect((await call("POST", `/api/subscriptions/${subscriptionId}/demo`, admin.cookie)).statusCode).toBe(
      404,
    );
    expect((await call("POST", "/api/notifications/clear-all", bob.cookie)).statusCode).toBe(204);
    for (const url of [
      "/api/subscriptions",
      "/api/activity/recent",
      "/api/activity/today",
      "/api/history",
      "/api/favorites",
    ]) {
      expect((await call("GET", url, bob.cookie)).json(), url).toEqual([]);
    }
    expect((await call("GET", "/api/stats", bob.cookie)).json()).toMatchObject({
      activeSubscriptions: 0,
      wordsLearned: 0,
    });

    const [subscription] = await t.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(subscription).toMatchObject({ active: true, frequency: "daily" });
    const [delivery] = await t.ctx.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    expect(delivery).toMatchObject({ readAt: null, dismissedAt: null });
    expect((await call("GET", "/api/favorites", ann.cookie)).json()).toHaveLength(1);
    expect((await call("GET", "/api/activity/recent", ann.cookie)).json()).toHaveLength(1);
  });

  it("malformed input is a 4xx with a message, never a 500", async () => {
    await t.ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, ann.userId));
    const bodies: unknown[] = [
      null,
      [],
      42,
      "text",
      {},
      { topicId: "1" },
      { topicId: 1e12 },
      { active: null },
      { contentId: -1 },
      { frequency: { $ne: 1 } },
    ];
    const targets: [Method, string][] = [
      ["POST", "/api/subscriptions"],
      ["PATCH", `/api/subscriptions/${subscriptionId}`],
      ["PUT", `/api/subscriptions/${subscriptionId}`],
      ["POST", "/api/favorites"],
    ];
    for (const [method, url] of targets) {
      for (const body of bodies) {
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: ann.cookie, ...SAME_ORIGIN, "content-type": "application/json" },
          payload: JSON.stringify(body),
        });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(typeof response.json().message).toBe("string");
      }
    }
    for (const url of [
      "/api/subscriptions/-1",
      "/api/subscriptions/1.5",
      "/api/subscriptions/99999999999",
      "/api/notifications/abc/read",
      "/api/favorites/abc",
    ]) {
      for (const method of ["PUT", "POST", "DELETE"] as const) {
        const response = await call(method, url, ann.cookie, { active: true });
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
    for (const query of [
      "?limit=abc",
      "?limit=100000",
      "?date=yesterday",
      "?q=" + "x".repeat(500),
      "?cursor=" + "%00".repeat(10),
    ]) {
      const response = await call("GET", `/api/history${query}`, ann.cookie);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
