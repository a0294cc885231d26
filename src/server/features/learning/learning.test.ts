import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DueCard, GradeResponse, Progress } from "@shared/api/learning";
import { DAY_MS } from "@shared/constants";
import { queryRows } from "@server/db/raw";
import { words } from "@server/db/schema";
import { runSchedulerOnce } from "@server/features/delivery/service";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { recordGrade } from "./service";

describe("the learning loop's routes", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  let ann: { id: string; cookie: string };
  let bob: { cookie: string };

  const as = (who: { cookie: string }) => ({ cookie: who.cookie, ...SAME_ORIGIN });
  const due = async (who: { cookie: string } = ann) =>
    (await t.app.inject({ method: "GET", url: "/api/review/due", headers: as(who) })).json() as DueCard[];
  const grade = (cardId: number, payload: Record<string, unknown>, who: { cookie: string } = ann) =>
    t.app.inject({ method: "POST", url: `/api/review/${cardId}/grade`, headers: as(who), payload });
  const previews = (query: string, who: { cookie: string } = ann) =>
    t.app.inject({ method: "GET", url: `/api/review/previews${query}`, headers: as(who) });
  const progress = async () =>
    (await t.app.inject({ method: "GET", url: "/api/progress", headers: as(ann) })).json() as Progress;
  const logCount = async () =>
    (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from review_logs`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", 5);
    t.clock.set(new Date("2025-05-01T07:00:00Z"));
    const signedIn = await t.signIn({ email: "ann@example.com", timeZone: "Europe/London" });
    ann = { id: signedIn.user.id, cookie: signedIn.cookie };
    bob = { cookie: (await t.signIn({ email: "bob@example.com", timeZone: "UTC" })).cookie };
    await t.subscribe(ann.cookie, { topicId: topic.id, emailEnabled: false, inAppEnabled: true });
    // 09:00 in London is 08:00 UTC (BST).
    t.clock.set(new Date("2025-05-01T08:00:00Z"));
    await runSchedulerOnce(t.ctx);
  });
  afterAll(() => t.close());

  it("makes a new card of the delivered word (an introduction, not a review), due today", async () => {
    const cards = await due();
    expect(cards).toEqual([
      {
        cardId: expect.any(Number),
        content: {
          id: topic.wordIds[0],
          word: "finance-1",
          definition: "Definition 1 of finance",
          example: "An example using finance-1.",
          pronunciation: "/finance-1/",
          // The fixture word has no etymology, so the answer side shows no "Origin" line.
          origin: null,
          topic: { id: topic.id, name: "finance", displayName: "Finance" },
        },
        // No grade at delivery: the card is new, due at its introduction, until the learner's first answer.
        due: "2025-05-01T08:00:00.000Z",
        state: "new",
        // What each grade would make of it now (issue 22's grade buttons).
        dueAfter: {
          again: expect.any(String),
          hard: expect.any(String),
          good: expect.any(String),
          easy: expect.any(String),
        },
      },
    ]);
    // Progress counts it due today as /review lists it (its forecast once left unanswered introductions out).
    expect((await progress()).dueToday).toBe(1);
    expect(await due(bob)).toEqual([]);

    // A word with an etymology carries it to the answer side (issue 27).
    await t.ctx.db
      .update(words)
      .set({ origin: 'From Old French finer, "to settle a debt".' })
      .where(eq(words.id, topic.wordIds[0]!));
    expect((await due())[0]!.content.origin).toBe('From Old French finer, "to settle a debt".');
    await t.ctx.db.update(words).set({ origin: null }).where(eq(words.id, topic.wordIds[0]!));
  });

  it("previews the grades of the learner's own cards, as /review does, for the bell's dropdown", async () => {
    const [card] = await due();
    const asked = await previews(`?cardIds=${card!.cardId},${card!.cardId + 1000}`);
    expect(asked.statusCode).toBe(200);
    // Another id (no such card) is left out; at the same moment the preview is /review's to the millisecond.
    expect(asked.json()).toEqual([{ cardId: card!.cardId, dueAfter: card!.dueAfter }]);
    expect((await previews(`?cardIds=${card!.cardId}`, bob)).json()).toEqual([]);
    const signedOut = await t.app.inject({
      method: "GET",
      url: `/api/review/previews?cardIds=${card!.cardId}`,
    });
    expect(signedOut.statusCode).toBe(401);
    const tooMany = Array.from({ length: 21 }, (_, index) => index + 1).join(",");
    for (const query of ["", "?cardIds=", "?cardIds=1,x", "?cardIds=0", `?cardIds=${tooMany}`]) {
      const refused = await previews(query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().message, query).toMatch(/card ids separated by commas|Card id/);
    }
  });

  it("grades a card, logs the grade, and hides another user's card as not found", async () => {
    const [card] = await due();
    t.clock.set(new Date("2025-05-01T08:15:00Z"));
    const response = await grade(card!.cardId, { rating: 3 });
    expect(response.statusCode).toBe(200);
    const graded = response.json() as GradeResponse;
    expect(graded.state).toBe("review");
    expect(new Date(graded.due).getTime()).toBeGreaterThan(t.clock.now().getTime() + DAY_MS);
    expect(
      await queryRows(t.ctx.db, sql`select grade, state_before, state_after, channel from review_logs`),
    ).toEqual([{ grade: "good", state_before: "new", state_after: "review", channel: "web" }]);
    expect(await due()).toEqual([]);

    const bobs = await grade(card!.cardId, { rating: 1 }, bob);
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json()).toMatchObject({ message: "Card not found" });
    const bad = await grade(card!.cardId, { rating: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Rating must be 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)");
    expect(await logCount()).toBe(1);
  });

  it("retires a known word and brings it back on undo", async () => {
    const [cardId] = (
      await queryRows<{ id: number }>(t.ctx.db, sql`select id from cards where user_id = ${ann.id}`)
    ).map((row) => row.id);
    const known = await t.app.inject({
      method: "POST",
      url: `/api/review/${cardId}/known`,
      headers: as(ann),
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ cardId, knownAt: t.clock.now().toISOString() });
    // A known word takes no grade, so it has no preview.
    expect((await previews(`?cardIds=${cardId}`)).json()).toEqual([]);
    expect((await progress()).mastered).toBe(1);
    // A word marked known counts whole in "words you would recall today"; a week before, nothing was graded yet.
    expect((await progress()).recall).toEqual({ today: 1, weekAgo: 0, monthAgo: 0 });
    const refused = await grade(cardId!, { rating: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "CARD_KNOWN" });
    const bobsUndo = await t.app.inject({
      method: "DELETE",
      url: `/api/review/${cardId}/known`,
      headers: as(bob),
    });
    expect(bobsUndo.statusCode).toBe(404);
    const undo = await t.app.inject({
      method: "DELETE",
      url: `/api/review/${cardId}/known`,
      headers: as(ann),
    });
    expect(undo.statusCode).toBe(204);
    expect((await progress()).mastered).toBe(0);
  });

  it("records one grade per delivery, however often it is sent (a /review grade answered it already)", async () => {
    const [row] = await queryRows<{ card_id: number; delivery_id: number }>(
      t.ctx.db,
      sql`select c.id as card_id, d.id as delivery_id from cards c
          join deliveries d on d.user_id = c.user_id and d.word_id = c.word_id where c.user_id = ${ann.id}`,
    );
    const request = {
      userId: ann.id,
      cardId: row!.card_id,
      rating: 1 as const,
      channel: "email" as const,
      deliveryId: row!.delivery_id,
    };
    const first = await recordGrade(t.ctx, request);
    const second = await recordGrade(t.ctx, { ...request, rating: 4 });
    expect(second).toEqual(first);
    // The Good given on /review above answered the word's open delivery: the e-mail's answers record nothing more.
    expect(first.rating).toBe(3);
    expect(await logCount()).toBe(1);
  });

  it("counts the streak in the user's days and forecasts the next 30 of them", async () => {
    // 23:30 in London on 1 May is still the day of both grades.
    t.clock.set(new Date("2025-05-01T22:30:00Z"));
    let figures = await progress();
    expect(figures.streak).toBe(1);
    expect(figures.forecast).toHaveLength(30);
    expect(figures.forecast[0]).toEqual({ date: "2025-05-01", count: figures.dueToday });
    expect(figures.forecast.reduce((sum, day) => sum + day.count, 0)).toBe(1);
    expect(figures.retention).toEqual([{ week: "2025-04-28", rate: 1 }]);
    expect(figures.topics).toEqual([
      { topicId: topic.id, name: "Finance", retrievability: expect.any(Number) },
    ]);

    // The next day passes without a grade: the streak is kept until that day is over, then lost.
    t.clock.set(new Date("2025-05-02T20:00:00Z"));
    expect((await progress()).streak).toBe(1);
    t.clock.set(new Date("2025-05-03T10:00:00Z"));
    figures = await progress();
    expect(figures.streak).toBe(0);
  });

  it("counts the words you would recall today, and as they stood a week and a month before", async () => {
    // The one word was graded Good on 1 May: two days on it is still nearly certain; a week on, so was it then.
    t.clock.set(new Date("2025-05-03T10:00:00Z"));
    expect((await progress()).recall).toEqual({ today: 1, weekAgo: 0, monthAgo: 0 });
    t.clock.set(new Date("2025-05-09T10:00:00Z"));
    expect((await progress()).recall).toEqual({ today: 1, weekAgo: 1, monthAgo: 0 });
  });

  it("validates the queue's limit", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/review/due?limit=0", headers: as(ann) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("Limit must be a whole number between 1 and 100");
  });
});
