import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@server/db/raw";
import { users } from "@server/db/schema";
import { insertTopic, postponeCardsOf, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { runSchedulerOnce } from "../delivery/service";

describe("notifications, today, history, favorites and stats", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  let idioms: FixtureTopic;
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", 30);
    await t.ctx.db.execute(
      sql`update words set part_of_speech = 'noun', note = 'Say it with care.' where id = ${topic.wordIds[11]}`,
    );
    idioms = await insertTopic(t.ctx, "idioms", 30, "idioms");
    // Tokyo: its day starts at 15:00 UTC the evening before.
    t.clock.set(new Date("2025-04-06T23:00:00Z")); // Monday 7 April, 08:00 in Tokyo
    const signed = await t.signIn({ email: "learner@example.com", timeZone: "Asia/Tokyo" });
    cookie = signed.cookie;
    userId = signed.user.id;
    await t.ctx.db.update(users).set({ subscriptionPlan: "premium" }).where(eq(users.id, userId));
    for (const [topicId, channels] of [
      [topic.id, { emailEnabled: false, inAppEnabled: true }],
      [idioms.id, { emailEnabled: true, inAppEnabled: false }],
    ] as const) {
      const created = await t.app.inject({
        method: "POST",
        url: "/api/subscriptions",
        headers: { cookie, ...SAME_ORIGIN },
        payload: { topicId, frequency: "hourly", deliveryTime: "00:00", ...channels },
      });
      expect(created.statusCode).toBe(201);
    }
    // Twelve hours of hourly words: 09:00 to 20:00 Tokyo time on Monday 7 April.
    // The learner's words are not due again within the day (as if answered at once), so every hour brings a new
    // word, which is what these API shapes are checked against (the send mix has its own tests in delivery/).
    for (let hour = 0; hour < 12; hour += 1) {
      t.clock.set(new Date(Date.UTC(2025, 3, 7, hour, 1)));
      await runSchedulerOnce(t.ctx);
      await postponeCardsOf(t.ctx, userId);
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { cookie, ...headers } });
  const post = (url: string, payload?: object) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { cookie, ...SAME_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  it("lists the 10 newest in-app deliveries in the spec's shape", async () => {
    const response = await get("/api/activity/recent");
    expect(response.statusCode).toBe(200);
    const items = response.json();
    expect(items).toHaveLength(10);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      readAt: null,
      sentAt: "2025-04-07T11:01:00.000Z",
      content: {
        id: topic.wordIds[11],
        word: "finance-12",
        definition: "Definition 12 of finance",
        partOfSpeech: "noun",
        note: "Say it with care.",
      },
      topic: { name: "finance", displayName: "Finance", category: "vocabulary" },
      // Issue 16's quick grades: the word's card, a new word rather than a review, not graded yet; issue 22's
      // when the word comes back (the preview of each grade is asked when the dropdown opens, not polled).
      cardId: expect.any(Number),
      kind: "new",
      grade: null,
      comesBackAt: expect.any(String),
      comesBack: expect.any(String),
    });
    expect(items[1].content).toMatchObject({ partOfSpeech: null, note: null });
    // E-mail-only deliveries are not notifications.
    expect(items.every((item: { topic: { name: string } }) => item.topic.name === "finance")).toBe(true);
  });

  it("answers 304 to a matching If-None-Match, and a new ETag after a change", async () => {
    const first = await get("/api/activity/recent");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const same = await get("/api/activity/recent", { "if-none-match": etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");

    const newest = first.json()[0];
    expect((await post(`/api/notifications/${newest.id}/read`)).statusCode).toBe(204);
    const changed = await get("/api/activity/recent", { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()[0].readAt).toBe("2025-04-07T11:01:00.000Z");
  });

  it("sends JSON security headers", async () => {
    const first = await get("/api/activity/recent");
    expect(first.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": "private, no-cache",
    });
  });

  it("dismiss hides one; clear-all hides the rest; unknown ids are 404", async () => {
    const before = (await get("/api/activity/recent")).json();
    expect((await post(`/api/notifications/${before[1].id}/dismiss`)).statusCode).toBe(204);
    const after = (await get("/api/activity/recent")).json();
    expect(after.map((item: { id: number }) => item.id)).not.toContain(before[1].id);
    expect(after).toHaveLength(10); // the 11th newest moved up
    expect((await post("/api/notifications/999999/read")).statusCode).toBe(404);
    expect((await post("/api/notifications/0/read")).statusCode).toBe(400);

    // Today's learning is not the dropdown: dismissing does not remove a word from it.
    expect((await get("/api/activity/today")).json()).toHaveLength(24);

    expect((await post("/api/notifications/clear-all")).statusCode).toBe(204);
    expect((await get("/api/activity/recent")).json()).toEqual([]);
  });

  it("today's activity is the user's day in their zone, all channels, newest first", async () => {
    const today = (await get("/api/activity/today")).json();
    expect(today).toHaveLength(24);
    expect(today[0]).toMatchObject({
      contentId: expect.any(Number),
      isFavorite: false,
      topic: { name: expect.any(String), category: expect.any(String) },
      content: {
        word: expect.any(String),
        definition: expect.any(String),
        example: expect.any(String),
        pronunciation: expect.any(String),
      },
    });
    // 15:30 UTC is already Tuesday in Tokyo: yesterday's words are gone from "today".
    t.clock.set(new Date("2025-04-07T15:30:00Z"));
    expect((await get("/api/activity/today")).json()).toEqual([]);
    t.clock.set(new Date("2025-04-07T12:30:00Z"));
  });

  it("history lists every delivery newest first with its status, method and content, filterable by day and text", async () => {
    const history = (await get("/api/history")).json();
    expect(history).toHaveLength(24);
    const emailEntry = history.find((entry: { deliveryMethod: string }) => entry.deliveryMethod === "email");
    expect(emailEntry).toMatchObject({
      status: "sent",
      source: "scheduled",
      error: null,
      channels: ["email"],
      content: { topic: { name: "idioms", displayName: "Idioms" } },
    });
    // The spec's fields, plus `channels` (ours: every way the word went) and `kind` (new word or review).
    expect(Object.keys(history[0]).sort()).toEqual([
      "channels",
      "content",
      "createdAt",
      "deliveryMethod",
      "error",
      "id",
      "kind",
      "sentAt",
      "source",
      "status",
    ]);
    expect((await get("/api/history?date=2025-04-07")).json()).toHaveLength(24);
    expect((await get("/api/history?date=2025-04-06")).json()).toHaveLength(0);
    expect(
      (await get("/api/history?q=FINANCE-1"))
        .json()
        .map((entry: { content: { word: string } }) => entry.content.word)
        .sort(),
    ).toEqual(["finance-1", "finance-10", "finance-11", "finance-12"]);
    expect((await get("/api/history?q=definition 3 of")).json()).toHaveLength(2);
    expect((await get("/api/history?q=100%25")).json()).toHaveLength(0);
    expect((await get("/api/history?date=2025-13-45")).statusCode).toBe(400);
    expect((await get("/api/history?cursor=garbage")).statusCode).toBe(400);
    expect((await get("/api/history?limit=0")).statusCode).toBe(400);
  });

  it("favorites: only delivered words, idempotent add, remove, and they show in today's list", async () => {
    const word = (await get("/api/activity/today")).json()[0].contentId as number;
    const added = await post("/api/favorites", { contentId: word });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ contentId: word, content: { id: word } });
    expect((await post("/api/favorites", { contentId: word })).statusCode).toBe(200);
    expect((await get("/api/favorites")).json()).toHaveLength(1);
    expect((await get("/api/activity/today")).json()[0].isFavorite).toBe(true);

    const neverDelivered = topic.wordIds[29]!;
    expect((await post("/api/favorites", { contentId: neverDelivered })).statusCode).toBe(404);
    expect((await post("/api/favorites", { contentId: "x" })).statusCode).toBe(400);
    expect((await post("/api/favorites", {})).statusCode).toBe(400);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/favorites/${word}`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(removed.statusCode).toBe(204);
    expect((await get("/api/favorites")).json()).toEqual([]);
    await post("/api/favorites", { contentId: word });
  });

  it("stats count what the user did, as docs/delivery.md defines", async () => {
    // 24 delivered, 1 read and 1 favorited: reading or saving a word is not learning it (decision 004).
    expect((await get("/api/stats")).json()).toEqual({
      activeSubscriptions: 2,
      wordsLearned: 0,
      thisWeek: 24,
      completionRate: 0,
      membershipDays: 1,
      wordsDelivered: 24,
      reviewsMeasured: 0,
    });
    // "I already know this word" counts at once; no review has fallen due yet, so the rate is still 0.
    const [card] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from cards where user_id = ${userId} limit 1`,
    );
    expect((await post(`/api/review/${card!.id}/known`, {})).statusCode).toBe(200);
    expect((await get("/api/stats")).json()).toMatchObject({ wordsLearned: 1, completionRate: 0 });
    // The next Sunday in Tokyo starts a new week; two days later the member is on day 7.
    t.clock.set(new Date("2025-04-12T15:30:00Z")); // Sunday 13 April, 00:30 in Tokyo
    expect((await get("/api/stats")).json()).toMatchObject({ thisWeek: 0, membershipDays: 7 });
    t.clock.set(new Date("2025-04-07T12:30:00Z"));
  });
});
