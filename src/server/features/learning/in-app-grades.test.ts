import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveredItem, NotificationItem } from "@shared/api/notifications";
import { queryRows } from "@server/db/raw";
import { runSchedulerOnce } from "@server/features/delivery/service";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

describe("quick grades on delivered words (notification dropdown, Today's Learning)", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  let ann: { id: string; cookie: string };

  const headers = () => ({ cookie: ann.cookie, ...SAME_ORIGIN });
  const recent = async () =>
    (
      await t.app.inject({ method: "GET", url: "/api/activity/recent", headers: headers() })
    ).json() as NotificationItem[];
  const today = async () =>
    (
      await t.app.inject({ method: "GET", url: "/api/activity/today", headers: headers() })
    ).json() as DeliveredItem[];
  const grade = (cardId: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/api/review/${cardId}/grade`, headers: headers(), payload });

  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", 5);
    t.clock.set(new Date("2025-05-01T07:00:00Z"));
    const signedIn = await t.signIn({ email: "ann@example.com", timeZone: "UTC" });
    ann = { id: signedIn.user.id, cookie: signedIn.cookie };
    await t.subscribe(ann.cookie, { topicId: topic.id, emailEnabled: false, inAppEnabled: true });
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
  });
  afterAll(() => t.close());

  it("lists each delivered word with its card, its kind and no grade yet", async () => {
    const [card] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from cards where user_id = ${ann.id}`,
    );
    const [item] = await recent();
    expect(item).toMatchObject({ cardId: card!.id, kind: "new", grade: null });
    expect((await today())[0]).toMatchObject({ id: item!.id, cardId: card!.id, kind: "new", grade: null });
  });

  it("refuses a quick answer that names no delivery: its meaning depends on what was delivered", async () => {
    const [item] = await recent();
    const response = await grade(item!.cardId!, { answer: "knew_it", channel: "in_app" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "An answer needs the deliveryId it answers" });
    const both = await grade(item!.cardId!, { rating: 3, answer: "knew_it", deliveryId: item!.id });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: "Send either a rating or an answer" });
  });

  it("records 'Knew it' on a new word as Easy, as the e-mail does; both lists show it at once, once", async () => {
    const [item] = await recent();
    t.clock.set(new Date("2025-05-01T09:20:00Z"));
    const first = await grade(item!.cardId!, { answer: "knew_it", channel: "in_app", deliveryId: item!.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ rating: 4 });
    // The polled list is cached per session: the grade must show without waiting for the cache to expire.
    expect((await recent())[0]).toMatchObject({ id: item!.id, grade: 4 });
    expect((await today())[0]).toMatchObject({ id: item!.id, grade: 4 });

    const again = await grade(item!.cardId!, { rating: 1, channel: "in_app", deliveryId: item!.id });
    expect(again.json()).toEqual(first.json());
    expect(await queryRows(t.ctx.db, sql`select grade, channel, delivery_id from review_logs`)).toEqual([
      { grade: "easy", channel: "in_app", delivery_id: item!.id },
    ]);
  });

  it("refuses a delivery that is not the user's delivery of that card's word", async () => {
    const [item] = await recent();
    const response = await grade(item!.cardId!, {
      rating: 3,
      channel: "in_app",
      deliveryId: item!.id + 1000,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: "Delivery not found" });
  });
});
