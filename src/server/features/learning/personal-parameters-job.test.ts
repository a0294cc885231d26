import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GradeResponse } from "@shared/api/learning";
import type { Preferences } from "@shared/api/preferences";
import { DAY_MS, PERSONAL_PARAMETERS_MIN_REVIEWS } from "@shared/constants";
import { gradeCard } from "@shared/rules/learning/fsrs";
import { cards, users } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { toLearningCard } from "./cards";
import { refitPersonalParameters } from "./personal-parameters-job";

const CARDS = 80;
const GRADES_PER_CARD = PERSONAL_PARAMETERS_MIN_REVIEWS / CARDS;

describe("personal FSRS parameters: the weekly refit, grading with them, and what Settings reads", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  let ann: { id: string; cookie: string };

  const preferences = async () =>
    (
      await t.app.inject({ method: "GET", url: "/api/preferences", headers: { cookie: ann.cookie } })
    ).json() as Preferences;
  const storedFit = async () =>
    (
      await t.ctx.db
        .select({ weights: users.fsrsWeights, fittedAt: users.fsrsWeightsFittedAt })
        .from(users)
        .where(eq(users.id, ann.id))
    )[0]!;
  /** Grades number `from`..`to` of each card: days 2, 8, 18, 32, 50 after it came; every fourth one forgotten. */
  const insertGrades = (from: number, to: number) =>
    t.ctx.db.execute(sql`
      insert into review_logs (card_id, user_id, grade, state_before, state_after, elapsed_days, due_before,
                               reviewed_at, channel)
      select c.id, c.user_id, case when (c.id + n) % 4 = 0 then 'again' else 'good' end, 'review', 'review', 0,
             at, at, 'web'
      from cards c cross join generate_series(${from}::int, ${to}::int) n
           cross join lateral (select c.created_at + (2 * n * n) * interval '1 day' as at) review
      where c.user_id = ${ann.id}`);

  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", CARDS);
    t.clock.set(new Date("2025-06-01T09:00:00Z"));
    const signedIn = await t.signIn({ email: "ann@example.com", timeZone: "UTC" });
    ann = { id: signedIn.user.id, cookie: signedIn.cookie };
    // One card per word, introduced a day apart from 1 January.
    await t.ctx.db.execute(sql`
      insert into cards (user_id, word_id, topic_id, due, stability, difficulty, elapsed_days, scheduled_days,
                         learning_steps, reps, lapses, state, last_review, created_at)
      select ${ann.id}, w.id, w.topic_id, timestamptz '2025-06-01', 20, 5, 0, 20, 0, 6, 1, 'review',
             timestamptz '2025-05-01', timestamptz '2025-01-01 09:00Z' + (row_number() over (order by w.id)) * interval '1 day'
      from words w where w.topic_id = ${topic.id}`);
  });
  afterAll(() => t.close());

  it("waits for 400 reviews, then fits the learner's weights once a week", async () => {
    await insertGrades(1, GRADES_PER_CARD - 1);
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 0, unchanged: 0 });
    expect((await preferences()).personalParameters).toEqual({
      inUseSince: null,
      reviews: PERSONAL_PARAMETERS_MIN_REVIEWS - CARDS,
    });

    await insertGrades(GRADES_PER_CARD, GRADES_PER_CARD);
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 1, unchanged: 0 });
    const first = await storedFit();
    expect(first.weights).toHaveLength(21);
    expect(first.fittedAt).toEqual(t.clock.now());
    expect((await preferences()).personalParameters).toEqual({
      inUseSince: "2025-06-01T09:00:00.000Z",
      reviews: PERSONAL_PARAMETERS_MIN_REVIEWS,
    });

    // Six days on the fit is still this week's; after seven it is refitted.
    t.clock.set(new Date(t.clock.now().getTime() + 6 * DAY_MS));
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 0, unchanged: 0 });
    t.clock.set(new Date(t.clock.now().getTime() + DAY_MS + 1));
    expect(await refitPersonalParameters(t.ctx)).toEqual({ fitted: 1, unchanged: 0 });
    expect((await storedFit()).fittedAt).toEqual(t.clock.now());
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
});
