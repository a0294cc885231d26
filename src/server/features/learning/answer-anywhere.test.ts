import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DueCard, GradePreviews, GradeResponse } from "@shared/api/learning";
import type { DeliveredItem, NotificationItem } from "@shared/api/notifications";
import { queryRows } from "@server/db/raw";
import { runSchedulerOnce } from "@server/features/delivery/service";
import { insertTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

/** Issue 22 and 29 in the app: an answer anywhere reads the word's notification and shows everywhere it is shown. */
describe("an answer anywhere, and grade buttons that say when the word comes back", () => {
  let t: TestApp;
  let cookie: string;
  /** The word the first test grades on /review. */
  let gradedWord: string;

  const headers = () => ({ cookie, ...SAME_ORIGIN });
  const get = async <T>(url: string) =>
    (await t.app.inject({ method: "GET", url, headers: headers() })).json() as T;
  const grade = (cardId: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: `/api/review/${cardId}/grade`, headers: headers(), payload });
  const dueCard = async (word: string) =>
    (await get<DueCard[]>("/api/review/due?limit=100")).find((card) => card.content.word === word)!;

  beforeAll(async () => {
    t = await createTestApp();
    const topic = await insertTopic(t.ctx, "finance", 5);
    t.clock.set(new Date("2025-05-01T07:00:00Z"));
    const signedIn = await t.signIn({ email: "ann@example.com", timeZone: "UTC" });
    cookie = signedIn.cookie;
    await t.subscribe(cookie, { topicId: topic.id, emailEnabled: false, inAppEnabled: true });
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    t.clock.set(new Date("2025-05-02T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    t.clock.set(new Date("2025-05-02T12:00:00Z"));
  });
  afterAll(() => t.close());

  it("previews each grade with the rules the grade itself goes through", async () => {
    const [word] = await get<NotificationItem[]>("/api/activity/recent");
    gradedWord = word!.content.word;
    const card = await dueCard(gradedWord);
    expect(card.dueAfter).toBeDefined();
    const { again, hard, good, easy } = card.dueAfter;
    expect(new Date(again) <= new Date(hard)).toBe(true);
    expect(new Date(hard) <= new Date(good)).toBe(true);
    expect(new Date(good) < new Date(easy)).toBe(true);
    // The delivered-word lists say when the word comes back and preview the quick grades (given in the app): Today's
    // Learning in its list, the bell's dropdown by asking for its words' previews when it opens. All the same now.
    expect(word).toMatchObject({ comesBackAt: expect.any(String) });
    const [today] = await get<DeliveredItem[]>("/api/activity/today");
    expect(today).toMatchObject({ comesBackAt: expect.any(String), dueAfter: card.dueAfter });
    expect(await get<GradePreviews>(`/api/review/previews?cardIds=${word!.cardId}`)).toEqual([
      { cardId: card.cardId, dueAfter: card.dueAfter },
    ]);

    // Graded at the same moment, the card comes back exactly when the button said.
    const graded = (await grade(card.cardId, { rating: 4, channel: "web" })).json() as GradeResponse;
    expect(graded).toMatchObject({ rating: 4, due: easy });
  });

  it("reads the word's notification and shows the grade on its deliveries, after a grade on /review", async () => {
    const items = await get<NotificationItem[]>("/api/activity/recent");
    const graded = items.filter((item) => item.content.word === gradedWord);
    const other = items.filter((item) => item.content.word !== gradedWord);
    // Both deliveries of the word (its introduction, then its review riding along with the next send) are read and
    // show the grade given on /review, naming no delivery; the other word's stay as they were.
    expect(graded.map((item) => [item.grade, item.readAt !== null])).toEqual([
      [4, true],
      [4, true],
    ]);
    expect(other.map((item) => [item.grade, item.readAt])).toEqual([[null, null]]);
    const today = await get<DeliveredItem[]>("/api/activity/today");
    const todayGraded = today.find((item) => item.content.word === gradedWord)!;
    expect(todayGraded.grade).toBe(4);
    expect(new Date(todayGraded.comesBackAt!) > t.clock.now()).toBe(true);
  });

  it("reads the word's notification when it is answered in the bell, so the unread count drops at once", async () => {
    t.clock.set(new Date("2025-05-03T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    const [fresh] = await get<NotificationItem[]>("/api/activity/recent");
    expect(fresh).toMatchObject({ readAt: null, grade: null });
    await grade(fresh!.cardId!, { answer: "didnt_know", channel: "in_app", deliveryId: fresh!.id });
    const [answered] = await get<NotificationItem[]>("/api/activity/recent");
    // No minute steps: forgotten, the word comes back with the next day's send, and the item says so.
    expect(answered).toMatchObject({
      id: fresh!.id,
      grade: 1,
      readAt: expect.any(String),
      comesBack: "tomorrow, with your next words",
    });
  });
  it("records a right multiple-choice pick as Hard at most, whatever rating is sent", async () => {
    const [soonest] = await queryRows<{ due: string }>(t.ctx.db, sql`select min(due) as due from cards`);
    t.clock.set(new Date(new Date(soonest!.due).getTime() + 60_000));
    const [card] = await get<DueCard[]>("/api/review/due?limit=100");
    const response = await grade(card!.cardId, { rating: 4, channel: "web", mode: "multiple_choice" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rating: 2, due: card!.dueAfter.hard });
    const [log] = await queryRows<{ grade: string }>(
      t.ctx.db,
      sql`select grade from review_logs where card_id = ${card!.cardId} order by id desc limit 1`,
    );
    expect(log).toEqual({ grade: "hard" });
    // A wrong pick is Again as sent; an unknown mode is refused.
    expect((await grade(card!.cardId, { rating: 1, mode: "multiple_choice" })).json()).toMatchObject({
      rating: 1,
    });
    const refused = await grade(card!.cardId, { rating: 3, mode: "guess" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: "mode must be flashcards or multiple_choice" });
  });
});
