import { eq, max, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GradeResponse } from "@shared/api/learning";
import type { Preferences } from "@shared/api/preferences";
import { DAY_MS, PERSONAL_PARAMETERS_MIN_REVIEWS } from "@shared/constants";
import { gradeCard } from "@shared/rules/learning/fsrs";
import { cards, pooledFsrsParameters, reviewLogs, users } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { toLearningCard } from "./cards";
import { refitPersonalParameters, refitPooledParameters } from "./personal-parameters-job";

const CARDS = 32;
const GRADES_PER_CARD = PERSONAL_PARAMETERS_MIN_REVIEWS / CARDS;

/** One card per word of the topic for the learner, introduced a day apart from 1 January. */
const insertCards = (t: TestApp, userId: string, topicId: number) =>
  t.ctx.db.execute(sql`
    insert into cards (user_id, word_id, topic_id, due, stability, difficulty, elapsed_days, scheduled_days,
                       learning_steps, reps, lapses, state, last_review, created_at)
    select ${userId}, w.id, w.topic_id, timestamptz '2025-06-01', 20, 5, 0, 20, 0, 6, 1, 'review',
           timestamptz '2025-05-01', timestamptz '2025-01-01 09:00Z' + (row_number() over (order by w.id)) * interval '1 day'
    from words w where w.topic_id = ${topicId}`);

/**
 * Grades number `from`..`to` of each of the learner's cards: days 2, 8, 18, 32, 50 after it came; every fourth one
 * forgotten, which ones by `pace` (so learners of the same pace have the same log).
 */
const insertGrades = (t: TestApp, userId: string, from: number, to: number, pace = 1) =>
  t.ctx.db.execute(sql`
    insert into review_logs (card_id, user_id, grade, state_before, state_after, elapsed_days, due_before,
                             reviewed_at, channel)
    select c.id, c.user_id, case when (c.id + n * ${pace}) % 4 = 0 then 'again' else 'good' end, 'review', 'review', 0,
           at, at, 'web'
    from cards c cross join generate_series(${from}::int, ${to}::int) n
         cross join lateral (select c.created_at + (2 * n * n) * interval '1 day' as at) review
    where c.user_id = ${userId}`);

/** What Settings reads of the signed-in learner's parameters (GET /api/preferences). */
const personalParametersShown = async (t: TestApp, cookie: string) => {
  const response = await t.app.inject({ method: "GET", url: "/api/preferences", headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as Preferences).personalParameters;
};

describe("personal FSRS parameters: the refits, grading with them, the pooled default, and what Settings reads", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  let ann: { id: string; cookie: string };

  const storedFit = async () =>
    (
      await t.ctx.db
        .select({
          weights: users.fsrsWeights,
          fittedAt: users.fsrsWeightsFittedAt,
          reviews: users.fsrsWeightsReviews,
        })
        .from(users)
        .where(eq(users.id, ann.id))
    )[0]!;
  const insertAnnsGrades = (from: number, to: number) => insertGrades(t, ann.id, from, to);

  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", CARDS);
    t.clock.set(new Date("2025-06-01T09:00:00Z"));
    const signedIn = await t.signIn({ email: "ann@example.com", timeZone: "UTC" });
    ann = { id: signedIn.user.id, cookie: signedIn.cookie };
    await insertCards(t, ann.id, topic.id);
  });
  afterAll(() => t.close());

  it("waits for 64 reviews, then refits at most daily while the log grows, and never on the same log", async () => {
    await insertAnnsGrades(1, GRADES_PER_CARD - 1);
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 0, unchanged: 0 });
    expect(await personalParametersShown(t, ann.cookie)).toEqual({
      inUseSince: null,
      reviews: PERSONAL_PARAMETERS_MIN_REVIEWS - CARDS,
      lastFitAt: null,
    });

    await insertAnnsGrades(GRADES_PER_CARD, GRADES_PER_CARD);
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 1, unchanged: 0 });
    const first = await storedFit();
    expect(first.weights).toHaveLength(21);
    expect(first.fittedAt).toEqual(t.clock.now());
    expect(first.reviews).toBe(PERSONAL_PARAMETERS_MIN_REVIEWS);
    expect(await personalParametersShown(t, ann.cookie)).toEqual({
      inUseSince: "2025-06-01T09:00:00.000Z",
      reviews: PERSONAL_PARAMETERS_MIN_REVIEWS,
      lastFitAt: "2025-06-01T09:00:00.000Z",
    });

    // The same day the log doubles: no refit before a day has passed since the fit; then one, on the whole log.
    await insertAnnsGrades(GRADES_PER_CARD + 1, 2 * GRADES_PER_CARD);
    t.clock.set(new Date(t.clock.now().getTime() + DAY_MS - 1));
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 0, unchanged: 0 });
    t.clock.set(new Date(t.clock.now().getTime() + 1));
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 1, unchanged: 0 });
    expect((await storedFit()).reviews).toBe(2 * PERSONAL_PARAMETERS_MIN_REVIEWS);
    expect((await storedFit()).weights).not.toEqual(first.weights);

    // A learner who stopped reviewing is not fitted again on the same log, not even a week and more after the fit.
    const refitted = await storedFit();
    t.clock.set(new Date(t.clock.now().getTime() + 8 * DAY_MS));
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 0, unchanged: 0 });
    expect(await storedFit()).toEqual(refitted);
  }, 120_000);

  it("grades with the learner's own weights", async () => {
    const { weights } = await storedFit();
    const [row] = await t.ctx.db.select().from(cards).where(eq(cards.userId, ann.id)).limit(1);
    const response = await t.app.inject({
      method: "POST",
      url: `/api/review/${row!.id}/grade`,
      headers: { cookie: ann.cookie, ...SAME_ORIGIN },
      payload: { rating: 3 },
    });
    expect(response.statusCode).toBe(200);
    const now = t.clock.now();
    const theirs = gradeCard(toLearningCard(row!), "good", now, "web", weights).card;
    const defaults = gradeCard(toLearningCard(row!), "good", now, "web").card;
    expect(theirs.stability).not.toBeCloseTo(defaults.stability, 3);
    expect((response.json() as GradeResponse).stability).toBeCloseTo(theirs.stability, 6);
  });

  it("pools every learner's logs into the default weights of learners without their own", async () => {
    // Far from 10,000 reviews and 50 learners: no pooled fit.
    expect(await refitPooledParameters(t.ctx)).toBeNull();
    // With the thresholds lowered to what this database holds, the pooled fit runs, once a week.
    const lowered = { reviews: 2 * PERSONAL_PARAMETERS_MIN_REVIEWS, learners: 1 };
    // Ann's 128 graded reviews and the one of the test above.
    expect(await refitPooledParameters(t.ctx, lowered)).toEqual({
      reviews: 2 * PERSONAL_PARAMETERS_MIN_REVIEWS + 1,
      learners: 1,
    });
    expect(await refitPooledParameters(t.ctx, lowered)).toBeNull();
    const [pooled] = await t.ctx.db.select().from(pooledFsrsParameters);

    // Bea has no weights of her own: her grade is scheduled with the pooled ones.
    const bea = await t.signIn({ email: "bea@example.com", timeZone: "UTC" });
    const [annCard] = await t.ctx.db.select().from(cards).where(eq(cards.userId, ann.id)).limit(1);
    const { id: _annCardId, ...sameSchedule } = annCard!;
    const [beaCard] = await t.ctx.db
      .insert(cards)
      .values({ ...sameSchedule, userId: bea.user.id })
      .returning();
    const response = await t.app.inject({
      method: "POST",
      url: `/api/review/${beaCard!.id}/grade`,
      headers: { cookie: bea.cookie, ...SAME_ORIGIN },
      payload: { rating: 3 },
    });
    expect(response.statusCode).toBe(200);
    const withPooled = gradeCard(
      toLearningCard(beaCard!),
      "good",
      t.clock.now(),
      "web",
      pooled!.weights,
    ).card;
    expect((response.json() as GradeResponse).stability).toBeCloseTo(withPooled.stability, 6);
  }, 120_000);
});

describe("a fit that finds too little to learn from", () => {
  let t: TestApp;
  afterAll(() => t.close());

  it("tells Settings when a fit found too little to learn from, and tries again once the log grows", async () => {
    t = await createTestApp();
    const topic = await insertTopic(t.ctx, "finance", CARDS);
    t.clock.set(new Date("2025-06-01T09:00:00Z"));
    const dan = await t.signIn({ email: "dan@example.com", timeZone: "UTC" });
    await insertCards(t, dan.user.id, topic.id);
    // Two answers a word, the second after a gap no other word has: FSRS's optimiser sets them all aside as outliers.
    await t.ctx.db.execute(sql`
      insert into review_logs (card_id, user_id, grade, state_before, state_after, elapsed_days, due_before,
                               reviewed_at, channel)
      select c.id, c.user_id, 'good', 'review', 'review', 0, at, at, 'web'
      from cards c cross join lateral (values (c.created_at + interval '1 day'),
                                              (c.created_at + (2 + (c.id % 1000)) * interval '1 day')) answer(at)
      where c.user_id = ${dan.user.id}`);
    const fittedAt = t.clock.now();
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 0, unchanged: 1 });
    expect(await personalParametersShown(t, dan.cookie)).toEqual({
      inUseSince: null,
      reviews: 2 * CARDS,
      lastFitAt: fittedAt.toISOString(),
    });
    // Not retried on the same log, even days later; a grown log is, and an answer of every word the day after its
    // first (a gap they all share) gives the optimiser enough.
    const later = new Date(fittedAt.getTime() + 2 * DAY_MS);
    t.clock.set(later);
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 0, unchanged: 0 });
    await insertGrades(t, dan.user.id, 1, 1);
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 1, unchanged: 0 });
    expect(await personalParametersShown(t, dan.cookie)).toEqual({
      inUseSince: later.toISOString(),
      reviews: 3 * CARDS,
      lastFitAt: later.toISOString(),
    });
  }, 120_000);
});

describe("each learner's count of grades, which the refit finds its learners by", () => {
  let t: TestApp;
  afterAll(() => t.close());

  it("counts every grade whoever writes it, and forgets those of a deleted card", async () => {
    t = await createTestApp();
    const topic = await insertTopic(t.ctx, "finance", CARDS);
    t.clock.set(new Date("2025-06-01T09:00:00Z"));
    const cal = await t.signIn({ email: "cal@example.com", timeZone: "UTC" });
    const dee = await t.signIn({ email: "dee@example.com", timeZone: "UTC" });
    await insertCards(t, cal.user.id, topic.id);
    await insertCards(t, dee.user.id, topic.id);
    const counted = async (userId: string) =>
      (
        await t.ctx.db
          .select({ reviews: users.reviewCount, latest: users.lastReviewedAt })
          .from(users)
          .where(eq(users.id, userId))
      )[0]!;
    // Two grades of each of Cal's cards in one statement; Dee's untouched.
    await insertGrades(t, cal.user.id, 1, 2);
    expect(await counted(cal.user.id)).toMatchObject({ reviews: 2 * CARDS });
    expect(await counted(dee.user.id)).toEqual({ reviews: 0, latest: null });
    // A grade through the app counts, and is the latest.
    const [card] = await t.ctx.db.select().from(cards).where(eq(cards.userId, cal.user.id)).limit(1);
    const graded = await t.app.inject({
      method: "POST",
      url: `/api/review/${card!.id}/grade`,
      headers: { cookie: cal.cookie, ...SAME_ORIGIN },
      payload: { rating: 3 },
    });
    expect(graded.statusCode).toBe(200);
    expect(await counted(cal.user.id)).toEqual({ reviews: 2 * CARDS + 1, latest: t.clock.now() });
    expect((await personalParametersShown(t, cal.cookie)).reviews).toBe(2 * CARDS + 1);
    // A deleted card takes its three grades with it; the latest is then the latest left.
    await t.ctx.db.delete(cards).where(eq(cards.id, card!.id));
    const left = await counted(cal.user.id);
    expect(left.reviews).toBe(2 * CARDS - 2);
    const [latestLeft] = await t.ctx.db
      .select({ at: max(reviewLogs.reviewedAt) })
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, cal.user.id));
    expect(left.latest).toEqual(latestLeft!.at);
  });
});

describe("the refit's throughput", () => {
  let t: TestApp;
  afterAll(() => t.close());

  it("fits every learner who became due in one run, each with weights of their own", async () => {
    t = await createTestApp();
    const topic = await insertTopic(t.ctx, "finance", CARDS);
    t.clock.set(new Date("2025-06-01T09:00:00Z"));
    // More learners than the three one run used to fit (one after another), each with 64 reviews of their own.
    const learners = [];
    for (let index = 0; index < 5; index += 1) {
      const { user } = await t.signIn({ email: `learner${index}@example.com`, timeZone: "UTC" });
      learners.push(user.id);
      await insertCards(t, user.id, topic.id);
      await insertGrades(t, user.id, 1, GRADES_PER_CARD, index + 1);
    }
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: learners.length, unchanged: 0 });
    const stored = await t.ctx.db
      .select({ id: users.id, weights: users.fsrsWeights, reviews: users.fsrsWeightsReviews })
      .from(users)
      .where(sql`${users.id} = any(${`{${learners.join(",")}}`}::text[])`);
    expect(stored.map((row) => row.reviews)).toEqual(learners.map(() => PERSONAL_PARAMETERS_MIN_REVIEWS));
    for (const row of stored) expect(row.weights).toHaveLength(21);
  }, 120_000);
});
