import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationItem } from "@shared/api/notifications";
import { deliveries } from "@server/db/schema";
import { runSchedulerOnce } from "@server/features/delivery/service";
import { insertTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

// The poll's grade is the word's latest grade given through the delivery or after it was sent, wherever it was given;
// the poll asks review_logs only for cards graded at least once (cards.last_review), so these hold both sides of that.
describe("the polled list's grade of each delivered word", () => {
  let t: TestApp;
  let cookie: string;
  let userId: string;

  const headers = () => ({ cookie, ...SAME_ORIGIN });
  const poll = async () => {
    // Every poll here is a miss: a grade drops the cached list, and these read the database each time.
    t.ctx.recentActivity.invalidateUsers([userId]);
    const response = await t.app.inject({ method: "GET", url: "/api/activity/recent", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as NotificationItem[];
  };
  const gradeOnReview = async (cardId: number, rating: number) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/review/${cardId}/grade`,
      headers: headers(),
      payload: { rating },
    });
    expect(response.statusCode).toBe(200);
  };
  /** The same word sent again, as a topic sent round again sends it: a new delivery of it, now. */
  const sendAgain = async (deliveryId: number) => {
    const [sent] = await t.ctx.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    const now = t.clock.now();
    const { id: _id, linkId: _linkId, readAt: _readAt, ...again } = sent!;
    const [created] = await t.ctx.db
      .insert(deliveries)
      .values({ ...again, slotAt: now, sentAt: now, createdAt: now })
      .returning({ id: deliveries.id });
    return created!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const topic = await insertTopic(t.ctx, "finance", 5);
    t.clock.set(new Date("2025-05-01T07:00:00Z"));
    const signedIn = await t.signIn({ email: "ann@example.com", timeZone: "UTC" });
    cookie = signedIn.cookie;
    userId = signedIn.user.id;
    await t.subscribe(cookie, { topicId: topic.id, emailEnabled: false, inAppEnabled: true });
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    t.clock.set(new Date("2025-05-02T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
  });
  afterAll(() => t.close());

  it("shows no grade for a word never answered, and none for a known word never answered", async () => {
    const items = await poll();
    expect(items.length).toBeGreaterThan(1);
    expect(items.map((item) => item.grade)).toEqual(items.map(() => null));
    // The oldest word that is not the newest one, which the next test answers.
    const known = [...items].reverse().find((item) => item.cardId !== items[0]!.cardId)!;
    t.clock.set(new Date("2025-05-02T09:30:00Z"));
    const marked = await t.app.inject({
      method: "POST",
      url: `/api/review/${known.cardId}/known`,
      headers: headers(),
    });
    expect(marked.statusCode).toBe(200);
    const after = (await poll()).find((item) => item.id === known.id)!;
    expect(after).toMatchObject({ grade: null, comesBackAt: null, comesBack: null });
  });

  it("shows an answer on the delivery it answered, and a later answer from another place on it too", async () => {
    const [first] = await poll();
    t.clock.set(new Date("2025-05-02T10:00:00Z"));
    await gradeOnReview(first!.cardId!, 3);
    expect((await poll())[0]).toMatchObject({ id: first!.id, grade: 3 });

    // The same word sent again after that answer: the new delivery has no grade yet, the first keeps its own.
    t.clock.set(new Date("2025-05-02T11:00:00Z"));
    const again = await sendAgain(first!.id);
    const resent = await poll();
    expect(resent.find((item) => item.id === again)).toMatchObject({ cardId: first!.cardId, grade: null });
    expect(resent.find((item) => item.id === first!.id)).toMatchObject({ grade: 3 });

    // An answer after both were sent shows on both: the word's latest grade.
    t.clock.set(new Date("2025-05-02T12:00:00Z"));
    await gradeOnReview(first!.cardId!, 1);
    const answered = await poll();
    expect(answered.find((item) => item.id === again)).toMatchObject({ grade: 1 });
    expect(answered.find((item) => item.id === first!.id)).toMatchObject({ grade: 1 });
  });
});
