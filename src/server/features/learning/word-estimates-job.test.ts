import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DAY_MS,
  WORD_ESTIMATES_REFIT_DAYS,
  WORD_RECALL_OFFSET_MIN_REVIEWS,
  type LearningGrade,
} from "@shared/constants";
import { cards, reviewLogs, wordRecallEstimates } from "@server/db/schema";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { refitWordRecallEstimates } from "./word-estimates-job";

const start = new Date("2025-06-02T09:00:00Z");
/** The thresholds lowered to what this database holds. */
const LOWERED = { reviews: 1, learners: 1 };

describe("each word's estimate from all learners' logs, refitted weekly", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", 3);
    t.clock.set(start);
  });
  afterAll(() => t.close());

  /** A learner whose answers to the topic's first two words are `first` and `second`, four days apart. */
  async function learnerAnswering(email: string, first: LearningGrade[], second: LearningGrade[]) {
    const { user } = await t.signIn({ email, timeZone: "America/Los_Angeles" });
    const [firstWord, secondWord] = topic.wordIds;
    for (const [wordId, grades] of [
      [firstWord!, first],
      [secondWord!, second],
    ] as const) {
      const [card] = await t.ctx.db
        .insert(cards)
        .values({
          userId: user.id,
          wordId,
          topicId: topic.id,
          due: start,
          stability: 0,
          difficulty: 0,
          elapsedDays: 0,
          scheduledDays: 0,
          learningSteps: 0,
          reps: 0,
          lapses: 0,
          state: "new",
          lastReview: null,
        })
        .returning();
      await t.ctx.db.insert(reviewLogs).values(
        grades.map((grade, index) => ({
          cardId: card!.id,
          userId: user.id,
          grade,
          stateBefore: "review" as const,
          stateAfter: "review" as const,
          elapsedDays: 0,
          dueBefore: start,
          reviewedAt: new Date(start.getTime() - (30 - 4 * index) * DAY_MS),
          channel: "email" as const,
        })),
      );
    }
  }

  const stored = () => t.ctx.db.select().from(wordRecallEstimates);

  it("finds the word everyone forgets after learning it, and fits again only a week later, replacing the last fit", async () => {
    // Far from the pooled weights' 10,000 reviews and 50 learners: nothing yet.
    expect(await refitWordRecallEstimates(t.ctx)).toBeNull();
    for (let learner = 0; learner < WORD_RECALL_OFFSET_MIN_REVIEWS; learner++)
      await learnerAnswering(`learner${learner}@example.com`, ["good", "again"], ["good", "good"]);
    expect(await refitWordRecallEstimates(t.ctx, LOWERED)).toEqual({
      words: 2,
      learners: WORD_RECALL_OFFSET_MIN_REVIEWS,
    });
    const byWord = (rows: Awaited<ReturnType<typeof stored>>, index: number) =>
      rows.find((row) => row.wordId === topic.wordIds[index]);
    const forgotten = byWord(await stored(), 0);
    const kept = byWord(await stored(), 1);
    expect(forgotten).toMatchObject({
      firstAsks: WORD_RECALL_OFFSET_MIN_REVIEWS,
      gradedReviews: WORD_RECALL_OFFSET_MIN_REVIEWS,
      fittedAt: start,
    });
    expect(forgotten!.recallOffset!).toBeLessThan(-1);
    expect(kept!.recallOffset!).toBeGreaterThan(0);
    // A word nobody has answered has no row: it is valued on FSRS's estimate alone.
    expect(await stored()).toHaveLength(2);

    // Within the week: no refit. A week on, the fit is made again from the logs as they are now.
    t.clock.set(new Date(start.getTime() + WORD_ESTIMATES_REFIT_DAYS * DAY_MS - 1));
    expect(await refitWordRecallEstimates(t.ctx, LOWERED)).toBeNull();
    await learnerAnswering("late@example.com", ["again"], ["good"]);
    t.clock.set(new Date(start.getTime() + WORD_ESTIMATES_REFIT_DAYS * DAY_MS));
    expect(await refitWordRecallEstimates(t.ctx, LOWERED)).toMatchObject({ words: 2 });
    const refitted = await stored();
    expect(refitted.map((row) => [row.firstAsks, row.fittedAt])).toEqual([
      [WORD_RECALL_OFFSET_MIN_REVIEWS + 1, t.clock.now()],
      [WORD_RECALL_OFFSET_MIN_REVIEWS + 1, t.clock.now()],
    ]);
  }, 60_000);
});
