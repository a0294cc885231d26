import { TZDate } from "@date-fns/tz";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS, REVIEW_CANDIDATE_RECALL, type Frequency } from "@shared/constants";
import { recallAfterWholeDays, recallGainOfReview, scheduler } from "@shared/rules/learning/fsrs";
import { isQuiet } from "@shared/rules/learning/quiet-hours";
import { toLearningCard } from "@server/db/learning-card";
import {
  cards,
  deliveries,
  deliverySends,
  mailbox,
  subscriptions,
  users,
  wordRecallEstimates,
  words,
} from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { dispatchAllDue, runSchedulerOnce } from "./service";

/** The learning loop through the dispatcher (decision 004): the send mix, the cap, quiet hours and the pause. */
describe("the send mix, on an injected clock", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const headers = (cookie: string) => ({ cookie, ...SAME_ORIGIN });
  const call = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: headers(cookie), ...(payload ? { payload } : {}) });

  /** Local "YYYY-MM-DD HH:MM" of an instant. */
  const wall = (instant: Date, zone: string) => {
    const local = new TZDate(instant.getTime(), zone);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
  };

  async function learner(email: string, timeZone: string) {
    const { user, cookie } = await t.signIn({ email, timeZone });
    await t.ctx.db.update(users).set({ subscriptionPlan: "pro" }).where(eq(users.id, user.id));
    return { id: user.id, cookie };
  }

  async function subscribe(
    cookie: string,
    topic: FixtureTopic,
    frequency: Frequency,
    deliveryTime: string,
    wordsPerSend: number,
    channels = { emailEnabled: false, inAppEnabled: true },
  ) {
    const response = await call("POST", "/api/subscriptions", cookie, {
      topicId: topic.id,
      frequency,
      deliveryTime,
      wordsPerSend,
      ...channels,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  const sendsOf = (userId: string) =>
    t.ctx.db
      .select({
        id: deliveries.id,
        wordId: deliveries.wordId,
        word: words.word,
        kind: deliveries.kind,
        slotAt: deliveries.slotAt,
        position: deliveries.slotPosition,
        createdAt: deliveries.createdAt,
      })
      .from(deliveries)
      .innerJoin(words, eq(words.id, deliveries.wordId))
      .where(and(eq(deliveries.userId, userId), inArray(deliveries.source, ["scheduled", "daily_review"])))
      .orderBy(asc(deliveries.createdAt), asc(deliveries.subscriptionId), asc(deliveries.slotPosition));

  const cardsOf = (userId: string) => t.ctx.db.select().from(cards).where(eq(cards.userId, userId));

  /** Runs the scheduler every `stepMs` from `from` (exclusive) to `to` (inclusive). */
  async function runEvery(stepMs: number, from: Date, to: Date) {
    for (let now = from.getTime() + stepMs; now <= to.getTime(); now += stepMs) {
      t.clock.set(new Date(now));
      await runSchedulerOnce(t.ctx);
    }
  }

  /**
   * A learner's backlog: `count` words of `topic` (from the end of the topic, so new words do not reach them)
   * delivered four weeks ago and graded since, their reviews due from `firstDue` on, a minute apart (oldest first).
   */
  async function backlog(userId: string, topic: FixtureTopic, count: number, firstDue: Date) {
    const wordIds = topic.wordIds.slice(-count);
    const longAgo = new Date(firstDue.getTime() - 28 * DAY_MS);
    await t.ctx.db.insert(deliveries).values(
      wordIds.map((wordId) => ({
        userId,
        topicId: topic.id,
        wordId,
        slotAt: longAgo,
        source: "demo",
        deliveryMethod: "in_app",
        inApp: false,
        createdAt: longAgo,
      })),
    );
    await t.ctx.db.insert(cards).values(
      wordIds.map((wordId, index) => ({
        userId,
        wordId,
        topicId: topic.id,
        due: new Date(firstDue.getTime() + index * MINUTE_MS),
        stability: 12,
        difficulty: 5,
        elapsedDays: 7,
        scheduledDays: 12,
        learningSteps: 0,
        reps: 3,
        lapses: 0,
        state: "review",
        lastReview: new Date(firstDue.getTime() - 12 * DAY_MS),
        createdAt: longAgo,
      })),
    );
    return wordIds;
  }

  it("brings its new words at every send, with the cards due riding along as reviews, shown as reviews", async () => {
    const start = new Date("2025-06-02T08:00:00Z");
    t.clock.set(start);
    const topic = await insertTopic(t.ctx, "graded", 40);
    const ann = await learner("graded@example.com", "UTC");
    await subscribe(ann.cookie, topic, "daily", "09:00", 3, { emailEnabled: true, inAppEnabled: true });

    // An engaged learner: every word of every send is graded through its delivery five minutes later, the second
    // one Again (it comes back the next day) and the others Good (in a few days), so reviews ride along.
    const dueDay = new Map<number, string>();
    const day = (instant: Date) => instant.toISOString().slice(0, 10);
    let mixed = 0;
    for (let index = 0; index < 10; index += 1) {
      const sendAt = new Date(Date.UTC(2025, 5, 2 + index, 9, 0));
      t.clock.set(sendAt);
      await runSchedulerOnce(t.ctx);
      const today = (await sendsOf(ann.id)).filter((send) => send.createdAt.getTime() === sendAt.getTime());
      const reviews = today.filter((send) => send.kind === "review");
      // The three new words take the first positions at every send (words per send counts new words), the
      // reviews ride along after them.
      expect(today.map((send) => send.position)).toEqual(today.map((_, position) => position));
      expect(today.slice(0, 3).map((send) => send.kind)).toEqual(["new", "new", "new"]);
      expect(today.slice(3).every((send) => send.kind === "review")).toBe(true);
      if (reviews.length > 0) mixed += 1;
      // Every card due today came, within the cap of 10; a card not yet due came only if FSRS had its recall at
      // 0.95 or below (nearly due), where the cap had room.
      const own = await cardsOf(ann.id);
      const dueToday = [...dueDay].filter(([, due]) => due <= day(sendAt)).map(([wordId]) => wordId);
      const reviewed = reviews.map((send) => send.wordId);
      expect(reviewed.length).toBeLessThanOrEqual(10);
      if (dueToday.length <= 10) expect(reviewed).toEqual(expect.arrayContaining(dueToday));
      for (const wordId of reviewed.filter((id) => !dueToday.includes(id))) {
        const card = toLearningCard(own.find((row) => row.wordId === wordId)!);
        expect(recallAfterWholeDays(card, sendAt)).toBeLessThanOrEqual(REVIEW_CANDIDATE_RECALL);
      }

      t.clock.set(new Date(sendAt.getTime() + 5 * MINUTE_MS));
      for (const send of today) {
        const card = own.find((row) => row.wordId === send.wordId)!;
        const graded = await call("POST", `/api/review/${card.id}/grade`, ann.cookie, {
          rating: send.position === 1 ? 1 : 3,
          channel: "in_app",
          deliveryId: send.id,
        });
        expect(graded.statusCode, graded.body).toBe(200);
        dueDay.set(send.wordId, day(new Date(graded.json().due)));
      }
    }
    expect(mixed).toBeGreaterThan(0);

    // The e-mail, today's learning and History say it is a review.
    const sends = await sendsOf(ann.id);
    const reviewed = sends.filter((send) => send.kind === "review");
    const lastReview = reviewed.at(-1)!;
    // The send's one e-mail carries its reviews below the new words, as a Quick review (issue 22).
    const mails = await t.ctx.db
      .select()
      .from(mailbox)
      .where(eq(mailbox.to, "graded@example.com"))
      .orderBy(asc(mailbox.createdAt));
    const mail = mails.at(-1)!;
    const lastWord = `${lastReview.word[0]!.toUpperCase()}${lastReview.word.slice(1)}`;
    expect(mail.subject).toMatch(/\(\+ \d+ words? to review\)$/);
    expect(mail.html).toContain("Quick review");
    expect(mail.html).toContain(lastWord);
    t.clock.set(lastReview.createdAt);
    const activity = (await call("GET", "/api/activity/today", ann.cookie)).json() as {
      id: number;
      kind: string;
    }[];
    expect(activity.find((item) => item.id === lastReview.id)?.kind).toBe("review");
    const history = (await call("GET", "/api/history?limit=200", ann.cookie)).json() as {
      id: number;
      kind: string;
    }[];
    expect(
      history
        .filter((entry) => entry.kind === "review")
        .map((entry) => entry.id)
        .sort(),
    ).toEqual(reviewed.map((send) => send.id).sort());
  }, 120_000);

  it("lets a word ride along a few days before its date once FSRS puts its recall at 0.95; a fresher one waits", async () => {
    const start = new Date("2025-08-04T08:00:00Z");
    t.clock.set(start);
    const topic = await insertTopic(t.ctx, "nearly-due", 20);
    const dora = await learner("nearly-due@example.com", "UTC");
    // Both graded with a stability of 12 days: one 6 days ago (recall 0.94 now, due in 6 days), one 2 days ago
    // (recall 0.98, due in 10 days).
    const [nearlyDue, fresh] = await backlog(dora.id, topic, 2, new Date(start.getTime() + 6 * DAY_MS));
    await t.ctx.db
      .update(cards)
      .set({
        due: new Date(start.getTime() + 10 * DAY_MS),
        lastReview: new Date(start.getTime() - 2 * DAY_MS),
      })
      .where(and(eq(cards.userId, dora.id), eq(cards.wordId, fresh!)));
    await subscribe(dora.cookie, topic, "daily", "09:00", 1);
    t.clock.set(new Date("2025-08-04T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    const sends = await sendsOf(dora.id);
    expect(sends.map((send) => send.kind)).toEqual(["new", "review"]);
    expect(sends[1]!.wordId).toBe(nearlyDue);
  }, 60_000);

  it("sends a two-week backlog at most the daily cap (10) a day, beside every send's new words; first asks of new words go first", async () => {
    const start = new Date("2025-07-01T00:00:00Z");
    t.clock.set(start);
    const topic = await insertTopic(t.ctx, "backlog", 200);
    const ben = await learner("backlog@example.com", "UTC");
    const overdue = await backlog(ben.id, topic, 60, new Date(start.getTime() - 14 * DAY_MS));
    // Six sends a day of five new words each; at most ten reviews a day ride along.
    await subscribe(ben.cookie, topic, "every4hours", "01:00", 5);
    await runEvery(HOUR_MS, start, new Date("2025-07-04T23:00:00Z"));

    const sends = await sendsOf(ben.id);
    const perDay = new Map<string, { reviews: number[]; fresh: number }>();
    for (const send of sends) {
      const entry = perDay.get(send.createdAt.toISOString().slice(0, 10)) ?? { reviews: [], fresh: 0 };
      if (send.kind === "review") entry.reviews.push(send.wordId);
      else entry.fresh += 1;
      perDay.set(send.createdAt.toISOString().slice(0, 10), entry);
    }
    const days = ["2025-07-01", "2025-07-02", "2025-07-03", "2025-07-04"];
    // No flood: ten a day, and the new words never wait. On the first day the backlog's ten longest overdue (all
    // equally worth a review); from the next day the first asks of yesterday's new words, worth the most (a word
    // read once fades fastest), the earliest sent first. Nobody answers, so FSRS is told nothing: the same ten roll
    // over to each next day, never dropped, never more.
    const firstAsks = sends
      .filter((send) => send.kind === "new" && send.createdAt.toISOString().startsWith("2025-07-01"))
      .map((send) => send.wordId)
      .slice(0, 10);
    expect(days.map((date) => [...perDay.get(date)!.reviews].sort())).toEqual(
      [overdue.slice(0, 10), firstAsks, firstAsks, firstAsks].map((ids) => [...ids].sort()),
    );
    expect(days.map((date) => perDay.get(date)!.fresh)).toEqual([30, 30, 30, 30]);
    const newPerSend = new Map<number, number>();
    for (const send of sends.filter((row) => row.kind === "new"))
      newPerSend.set(send.slotAt.getTime(), (newPerSend.get(send.slotAt.getTime()) ?? 0) + 1);
    expect(new Set(newPerSend.values())).toEqual(new Set([5]));
  }, 120_000);

  it("values each word by what all learners' answers say about it: of equally overdue words, those most learners forget go first", async () => {
    const start = new Date("2025-10-01T00:00:00Z");
    t.clock.set(start);
    const topic = await insertTopic(t.ctx, "word-estimates", 60);
    const cy = await learner("word-estimates@example.com", "UTC");
    const overdue = await backlog(cy.id, topic, 20, new Date(start.getTime() - 3 * DAY_MS));
    // On FSRS's estimate alone these twenty are worth the same, and the ten longest overdue would go (as above).
    // All learners' answers say the ten others are forgotten far more often than FSRS expects.
    const forgotten = overdue.slice(10);
    await t.ctx.db.insert(wordRecallEstimates).values(
      forgotten.map((wordId) => ({
        wordId,
        firstAsks: 40,
        firstAskRecall: 0.3,
        gradedReviews: 40,
        recallOffset: -2,
        fittedAt: start,
      })),
    );
    await subscribe(cy.cookie, topic, "daily", "01:00", 1);
    await runEvery(HOUR_MS, start, new Date("2025-10-01T02:00:00Z"));
    const reviews = (await sendsOf(cy.id))
      .filter((send) => send.kind === "review")
      .map((send) => send.wordId);
    expect(reviews.sort()).toEqual([...forgotten].sort());
  }, 120_000);

  it("values a backlog of more than twice the cap under the learner's own FSRS weights, and picks its ten by them", async () => {
    const start = new Date("2025-09-01T00:00:00Z");
    t.clock.set(start);
    const topic = await insertTopic(t.ctx, "own-weights", 80);
    // A curve far flatter than FSRS's default (FSRS-6's decay a fifth of it): the learner keeps words longer.
    const own = scheduler.parameters.w.map((w, index, all) => (index === all.length - 1 ? w / 5 : w));
    const tenBy = async (userId: string, weights: readonly number[] | null) => {
      // 30 overdue words (three times the cap) of stabilities 1 to 59 days, each graded 1.5 stabilities ago.
      const wordIds = topic.wordIds.slice(-30);
      const graded = wordIds.map((wordId, index) => {
        const stability = 1 + 2 * index;
        const lastReview = new Date(start.getTime() - Math.round(1.5 * stability) * DAY_MS);
        return { wordId, stability, lastReview, due: new Date(lastReview.getTime() + stability * DAY_MS) };
      });
      await t.ctx.db.insert(cards).values(
        graded.map(({ wordId, stability, lastReview, due }) => ({
          userId,
          wordId,
          topicId: topic.id,
          due,
          stability,
          difficulty: 5,
          elapsedDays: 0,
          scheduledDays: stability,
          learningSteps: 0,
          reps: 3,
          lapses: 0,
          state: "review" as const,
          lastReview,
        })),
      );
      const rows = await cardsOf(userId);
      const valued = rows.map((row) => ({
        wordId: row.wordId,
        gain: recallGainOfReview(toLearningCard(row), start, undefined, weights),
        due: row.due,
      }));
      valued.sort((a, b) => b.gain - a.gain || a.due.getTime() - b.due.getTime());
      return valued
        .slice(0, 10)
        .map((row) => row.wordId)
        .sort();
    };
    const sentReviews = async (userId: string) =>
      (await sendsOf(userId))
        .filter((send) => send.kind === "review")
        .map((send) => send.wordId)
        .sort();

    const olga = await learner("own-weights@example.com", "UTC");
    await t.ctx.db
      .update(users)
      .set({ fsrsWeights: own, fsrsWeightsFittedAt: start, fsrsWeightsReviews: 64 })
      .where(eq(users.id, olga.id));
    const expectedOwn = await tenBy(olga.id, own);
    const dora = await learner("default-weights@example.com", "UTC");
    const expectedDefault = await tenBy(dora.id, null);
    // The two valuations disagree on this backlog, so the ten sent say which one the dispatcher used.
    expect(expectedOwn).not.toEqual(expectedDefault);
    await subscribe(olga.cookie, topic, "daily", "01:00", 1);
    await subscribe(dora.cookie, topic, "daily", "01:00", 1);
    await runEvery(HOUR_MS, start, new Date("2025-09-01T02:00:00Z"));
    expect(await sentReviews(olga.id)).toEqual(expectedOwn);
    expect(await sentReviews(dora.id)).toEqual(expectedDefault);
  }, 120_000);

  it("with reviews only in the app, every send carries its new words alone and the due reviews wait in /review, none dropped", async () => {
    const start = new Date("2025-07-01T00:00:00Z");
    t.clock.set(start);
    const topic = await insertTopic(t.ctx, "app-only", 60);
    const cleo = await learner("app-only@example.com", "UTC");
    const overdue = await backlog(cleo.id, topic, 12, new Date(start.getTime() - 14 * DAY_MS));
    const saved = await call("PATCH", "/api/user/preferences", cleo.cookie, { reviewDelivery: "app_only" });
    expect(saved.statusCode, saved.body).toBe(200);
    await subscribe(cleo.cookie, topic, "daily", "09:00", 2, { emailEnabled: true, inAppEnabled: true });
    await runEvery(HOUR_MS, start, new Date("2025-07-03T23:00:00Z"));

    const sends = await sendsOf(cleo.id);
    expect(sends.map((send) => send.kind)).toEqual(["new", "new", "new", "new", "new", "new"]);
    expect(sends.some((send) => overdue.includes(send.wordId))).toBe(false);
    const mails = await t.ctx.db.select().from(mailbox).where(eq(mailbox.to, "app-only@example.com"));
    expect(mails).toHaveLength(3);
    expect(mails.every((mail) => !mail.html.includes("Quick review"))).toBe(true);
    // Every overdue card is still due, waiting for an answer in the app (beside the new words' first answers).
    const due = (await call("GET", "/api/review/due?limit=100", cleo.cookie)).json() as { cardId: number }[];
    const overdueCards = (await cardsOf(cleo.id)).filter((card) => overdue.includes(card.wordId));
    expect(due.map((card) => card.cardId)).toEqual(
      expect.arrayContaining(overdueCards.map((card) => card.id)),
    );
    expect(due).toHaveLength(overdue.length + sends.length);

    // Back to "with my words": the next send brings them again, within the cap.
    await call("PATCH", "/api/user/preferences", cleo.cookie, { reviewDelivery: "with_words" });
    await runEvery(HOUR_MS, new Date("2025-07-03T23:00:00Z"), new Date("2025-07-04T10:00:00Z"));
    const fourth = (await sendsOf(cleo.id)).slice(6);
    expect(fourth.map((send) => send.kind)).toEqual([
      "new",
      "new",
      ...overdue.slice(0, 10).map(() => "review"),
    ]);
  }, 120_000);

  it("with one daily review, sends carry new words only and the due reviews go once a day at the chosen time, in one e-mail, exactly once", async () => {
    const start = new Date("2025-08-01T00:00:00Z");
    t.clock.set(start);
    const topic = await insertTopic(t.ctx, "daily-review", 60);
    const dora = await learner("daily-review@example.com", "UTC");
    const overdue = await backlog(dora.id, topic, 12, new Date(start.getTime() - 14 * DAY_MS));
    const saved = await call("PATCH", "/api/user/preferences", dora.cookie, {
      reviewDelivery: "daily_review",
      dailyReviewTime: "18:00",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await subscribe(dora.cookie, topic, "daily", "09:00", 1, { emailEnabled: true, inAppEnabled: true });
    await runEvery(HOUR_MS / 4, start, new Date("2025-08-01T23:45:00Z"));

    const sends = await sendsOf(dora.id);
    const at = (send: { createdAt: Date }) => send.createdAt.toISOString().slice(11, 16);
    expect(sends.map((send) => [at(send), send.kind])).toEqual([
      ["09:00", "new"],
      ...overdue.slice(0, 10).map(() => ["18:00", "review"]),
    ]);
    // The cap, the longest overdue first.
    expect(sends.filter((send) => send.kind === "review").map((send) => send.wordId)).toEqual(
      overdue.slice(0, 10),
    );
    const mails = await t.ctx.db
      .select()
      .from(mailbox)
      .where(eq(mailbox.to, "daily-review@example.com"))
      .orderBy(asc(mailbox.createdAt));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.html).not.toContain("Quick review");
    expect(mails[1]!.subject).toMatch(/^Quick review: 10 words to review/);

    // The same occurrence claimed again (a second worker, a restart) inserts nothing: its slot is taken.
    await t.ctx.db
      .update(users)
      .set({ nextDailyReviewAt: new Date("2025-08-01T18:00:00Z") })
      .where(eq(users.id, dora.id));
    await runSchedulerOnce(t.ctx);
    expect(await sendsOf(dora.id)).toHaveLength(sends.length);

    // Unanswered, the reviews roll over to the next day's review; a review time in quiet hours waits for their end.
    await call("PATCH", "/api/user/preferences", dora.cookie, {
      quietHours: { start: "22:00", end: "07:00" },
      dailyReviewTime: "23:00",
    });
    // At 23:45 the next 23:00 is tomorrow's, in quiet hours: it moves to the window's end, the morning after.
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, dora.id));
    expect(row!.nextDailyReviewAt).toEqual(new Date("2025-08-03T07:00:00Z"));
    await runEvery(HOUR_MS, t.clock.now(), new Date("2025-08-03T10:00:00Z"));
    const later = (await sendsOf(dora.id)).slice(sends.length);
    const day = (send: { slotAt: Date }) => send.slotAt.toISOString().slice(5, 16);
    expect(later.map((send) => [day(send), send.kind])).toEqual([
      ["08-02T09:00", "new"],
      ...overdue.slice(0, 10).map(() => ["08-03T07:00", "review"]),
      ["08-03T09:00", "new"],
    ]);
  }, 120_000);

  it("the daily review is one e-mail for all of a learner's topics, even at a subscription's own send time; its link keeps reviews in the app", async () => {
    const start = new Date("2025-09-01T00:00:00Z");
    t.clock.set(start);
    const law = await insertTopic(t.ctx, "daily-review-law", 30);
    const medicine = await insertTopic(t.ctx, "daily-review-medicine", 30);
    const eve = await learner("daily-review-two@example.com", "UTC");
    const overdueLaw = await backlog(eve.id, law, 3, new Date(start.getTime() - 5 * DAY_MS));
    const overdueMedicine = await backlog(eve.id, medicine, 2, new Date(start.getTime() - 4 * DAY_MS));
    await call("PATCH", "/api/user/preferences", eve.cookie, {
      reviewDelivery: "daily_review",
      dailyReviewTime: "09:00",
    });
    const both = { emailEnabled: true, inAppEnabled: true };
    await subscribe(eve.cookie, law, "daily", "09:00", 1, both);
    await subscribe(eve.cookie, medicine, "daily", "09:00", 1, both);
    await runEvery(HOUR_MS / 4, start, new Date("2025-09-01T12:00:00Z"));

    // The review at 09:00 takes no subscription's own 09:00 send: both new words and all five reviews arrive.
    const sends = await sendsOf(eve.id);
    expect(sends.filter((send) => send.kind === "new")).toHaveLength(2);
    expect(
      sends
        .filter((send) => send.kind === "review")
        .map((send) => send.wordId)
        .sort(),
    ).toEqual([...overdueLaw, ...overdueMedicine].sort());
    const mails = await t.ctx.db
      .select()
      .from(mailbox)
      .where(eq(mailbox.to, "daily-review-two@example.com"))
      .orderBy(asc(mailbox.subject));
    // Two word e-mails (one per topic) and one daily review naming both topics, not one review e-mail per topic.
    const reviews = mails.filter((mail) => mail.subject.startsWith("Quick review"));
    expect(mails).toHaveLength(3);
    expect(reviews.map((mail) => mail.subject)).toEqual([
      "Quick review: 5 words to review · Daily-review-law and Daily-review-medicine",
    ]);
    const review = reviews[0]!;
    expect(review.html).toContain("you chose one daily review e-mail");
    expect(review.html).toContain("Keep my reviews in the app instead");

    // Its unsubscribe link asks first, then keeps the reviews in the app; the subscriptions' e-mails stay on.
    const link = /href="([^"]*\/api\/unsubscribe\?token=[^"]*)"/
      .exec(review.html)![1]!
      .replace(/&amp;/g, "&");
    const url = new URL(link).pathname + new URL(link).search;
    const asked = await t.app.inject({ method: "GET", url });
    expect(asked.body).toContain("Stop the daily review e-mail?");
    expect((await cardsOf(eve.id)).length).toBeGreaterThan(0);
    const done = await t.app.inject({ method: "POST", url });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Your daily review e-mail is off");
    const preferences = await call("GET", "/api/preferences", eve.cookie);
    expect(preferences.json().reviewDelivery).toBe("app_only");
    const subscriptionsNow = await call("GET", "/api/subscriptions", eve.cookie);
    expect(subscriptionsNow.json().map((row: { emailEnabled: boolean }) => row.emailEnabled)).toEqual([
      true,
      true,
    ]);
  }, 120_000);

  it("never sends inside quiet hours 22:00–07:00 in New York, across both clock changes; a night's slots become one 07:00 send", async () => {
    const zone = "America/New_York";
    const topic = await insertTopic(t.ctx, "quiet", 300);
    const cleo = await learner("quiet@example.com", zone);
    t.clock.set(new Date("2025-03-07T17:00:00Z"));
    const saved = await call("PATCH", "/api/user/preferences", cleo.cookie, {
      quietHours: { start: "22:00", end: "07:00" },
    });
    expect(saved.statusCode).toBe(200);
    const id = await subscribe(cleo.cookie, topic, "hourly", "00:30", 1, {
      emailEnabled: true,
      inAppEnabled: true,
    });
    // Spring forward (9 March) and fall back (2 November).
    await runEvery(15 * MINUTE_MS, new Date("2025-03-07T17:00:00Z"), new Date("2025-03-11T17:00:00Z"));
    t.clock.set(new Date("2025-10-31T16:00:00Z"));
    await call("PATCH", `/api/subscriptions/${id}`, cleo.cookie, {
      frequency: "hourly",
      deliveryTime: "00:30",
      emailEnabled: true,
      inAppEnabled: true,
    });
    await runEvery(15 * MINUTE_MS, new Date("2025-10-31T16:00:00Z"), new Date("2025-11-04T17:00:00Z"));

    const sends = await sendsOf(cleo.id);
    const quietHours = { start: "22:00", end: "07:00" };
    expect(sends.length).toBeGreaterThan(100);
    expect(
      sends
        .filter((send) => isQuiet(send.createdAt, quietHours, zone))
        .map((send) => wall(send.createdAt, zone)),
    ).toEqual([]);
    const emails = await t.ctx.db
      .select({ sentAt: deliverySends.sentAt })
      .from(deliverySends)
      .where(
        inArray(
          deliverySends.deliveryId,
          sends.map((send) => send.id),
        ),
      );
    expect(emails.length).toBe(sends.length);
    expect(emails.every((send) => send.sentAt && !isQuiet(send.sentAt, quietHours, zone))).toBe(true);
    // Each night: the 21:30 send, then the window's end, once (the night's hourly slots collapse into it). Each
    // send brings one new word (the unanswered ones ride along beside it), so the new words mark the sends.
    const nights = ["2025-03-08", "2025-03-09", "2025-03-10", "2025-11-01", "2025-11-02", "2025-11-03"];
    for (const morning of nights) {
      const around = sends
        .filter((send) => send.kind === "new")
        .map((send) => wall(send.createdAt, zone))
        .filter((local) => local >= `${morning} 00:00` && local < `${morning} 08:00`);
      expect(around, morning).toEqual([`${morning} 07:00`, `${morning} 07:30`]);
    }
  }, 240_000);

  it("holds back a slot that falls in quiet hours after a change of zone, to the window's end", async () => {
    const topic = await insertTopic(t.ctx, "travel", 10);
    const dan = await learner("travel@example.com", "UTC");
    t.clock.set(new Date("2025-06-10T12:00:00Z"));
    await call("PATCH", "/api/user/preferences", dan.cookie, {
      quietHours: { start: "22:00", end: "07:00" },
    });
    const id = await subscribe(dan.cookie, topic, "daily", "21:30", 1);
    // Moving to Berlin keeps the planned instant (docs/delivery.md): 21:30 UTC is 23:30 there, inside the window.
    await t.ctx.db.update(users).set({ timeZone: "Europe/Berlin" }).where(eq(users.id, dan.id));
    t.clock.set(new Date("2025-06-10T21:30:00Z"));
    await runSchedulerOnce(t.ctx);
    expect(await sendsOf(dan.id)).toEqual([]);
    const [held] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(wall(held!.nextDeliveryAt!, "Europe/Berlin")).toBe("2025-06-11 07:00");
    t.clock.set(held!.nextDeliveryAt!);
    await runSchedulerOnce(t.ctx);
    expect((await sendsOf(dan.id)).map((send) => wall(send.createdAt, "Europe/Berlin"))).toEqual([
      "2025-06-11 07:00",
    ]);
    const [next] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(wall(next!.nextDeliveryAt!, "Europe/Berlin")).toBe("2025-06-11 21:30");
  });

  it("holds an e-mail queued before quiet hours but not yet sent until the window's end, without using an attempt", async () => {
    const topic = await insertTopic(t.ctx, "late", 5);
    const gus = await learner("late@example.com", "UTC");
    t.clock.set(new Date("2025-06-20T12:00:00Z"));
    await call("PATCH", "/api/user/preferences", gus.cookie, {
      quietHours: { start: "22:00", end: "07:00" },
    });
    await subscribe(gus.cookie, topic, "daily", "21:55", 1, { emailEnabled: true, inAppEnabled: false });
    t.clock.set(new Date("2025-06-20T21:55:00Z"));
    await dispatchAllDue(t.ctx);
    // The sender only comes round after 22:00 (a retry's back-off, a busy queue): the e-mail waits.
    t.clock.set(new Date("2025-06-20T22:03:00Z"));
    await runSchedulerOnce(t.ctx);
    const [send] = await sendsOf(gus.id);
    const pending = async () =>
      (await t.ctx.db.select().from(deliverySends).where(eq(deliverySends.deliveryId, send!.id)))[0]!;
    expect(await pending()).toMatchObject({
      status: "pending",
      attempts: 0,
      nextAttemptAt: new Date("2025-06-21T07:00:00Z"),
    });
    t.clock.set(new Date("2025-06-21T07:00:00Z"));
    await runSchedulerOnce(t.ctx);
    expect(await pending()).toMatchObject({
      status: "sent",
      attempts: 1,
      sentAt: new Date("2025-06-21T07:00:00Z"),
    });
  });

  it("sends nothing during a pause, then spreads the backlog once and resumes at the first slot with no burst", async () => {
    const start = new Date("2025-09-01T00:00:00Z");
    t.clock.set(start);
    const topic = await insertTopic(t.ctx, "pause", 200);
    const eve = await learner("paused@example.com", "UTC");
    // Thirty reviews fall due during the pause.
    const overdue = await backlog(eve.id, topic, 30, new Date("2025-09-03T10:00:00Z"));
    await subscribe(eve.cookie, topic, "every4hours", "01:00", 5);
    const paused = await call("PATCH", "/api/user/preferences", eve.cookie, {
      pause: { until: "2025-09-10" },
    });
    expect(paused.statusCode, paused.body).toBe(200);

    await runEvery(HOUR_MS, start, new Date("2025-09-10T00:30:00Z"));
    expect(await sendsOf(eve.id)).toEqual([]);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, eve.id)))[0]!.pausedUntil).not.toBeNull();

    // The first slot after the end: the pause is cleared and the backlog re-dated, ten a day (the cap).
    t.clock.set(new Date("2025-09-10T01:00:00Z"));
    await runSchedulerOnce(t.ctx);
    const [resumed] = await t.ctx.db.select().from(users).where(eq(users.id, eve.id));
    expect([resumed!.pausedFrom, resumed!.pausedUntil]).toEqual([null, null]);
    const redated = (await cardsOf(eve.id)).filter((card) => overdue.includes(card.wordId));
    const tomorrow = new Date("2025-09-11T00:00:00Z").getTime();
    const dayAfter = new Date("2025-09-12T00:00:00Z").getTime();
    expect(
      redated
        .filter((card) => card.due.getTime() === tomorrow)
        .map((card) => card.wordId)
        .sort(),
    ).toEqual(overdue.slice(10, 20).sort());
    // The send brings its five new words, and the day's ten reviews ride along.
    const first = await sendsOf(eve.id);
    expect(first.map((send) => `${send.kind} ${send.position}`)).toEqual([
      ...[0, 1, 2, 3, 4].map((position) => `new ${position}`),
      ...[5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((position) => `review ${position}`),
    ]);

    // Once only: later runs leave the re-dated cards alone; the day's reviews stop at the cap.
    await runEvery(HOUR_MS, new Date("2025-09-10T01:00:00Z"), new Date("2025-09-11T23:00:00Z"));
    const after = (await cardsOf(eve.id)).filter((card) => overdue.slice(10).includes(card.wordId));
    expect(after.every((card) => [tomorrow, dayAfter].includes(card.due.getTime()))).toBe(true);
    const sends = await sendsOf(eve.id);
    const reviewsOn = (date: string) =>
      sends.filter((send) => send.kind === "review" && send.createdAt.toISOString().startsWith(date));
    expect(reviewsOn("2025-09-10").map((send) => send.wordId)).toEqual(overdue.slice(0, 10));
    // The next day ten more; nobody answered, so nothing moved: the cap is what keeps it from flooding.
    expect(reviewsOn("2025-09-11")).toHaveLength(10);
  }, 120_000);

  it("never sends a known word again; an unanswered word rolls over to the next send, once a day", async () => {
    const start = new Date("2025-08-04T08:00:00Z");
    t.clock.set(start);
    const topic = await insertTopic(t.ctx, "known", 2);
    const fay = await learner("known@example.com", "UTC");
    await subscribe(fay.cookie, topic, "daily", "09:00", 1);
    t.clock.set(new Date("2025-08-04T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    const [card] = await cardsOf(fay.id);
    const known = await call("POST", `/api/review/${card!.id}/known`, fay.cookie);
    expect(known.statusCode, known.body).toBe(200);
    await runEvery(DAY_MS, new Date("2025-08-04T09:00:00Z"), new Date("2025-08-12T09:00:00Z"));
    // known-2 is never answered: from the next day on it is asked at every (daily) send, never dropped.
    expect((await sendsOf(fay.id)).map((send) => `${send.kind} ${send.word}`)).toEqual([
      "new known-1",
      "new known-2",
      ...Array.from({ length: 7 }, () => "review known-2"),
    ]);
  });
});
