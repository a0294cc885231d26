import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "@shared/constants";
import { calibrationFromArray, UNCALIBRATED } from "@shared/rules/learning/recall-calibration";
import { queryRows } from "@server/db/raw";
import { runSchedulerOnce } from "@server/features/delivery/service";
import { insertTopic } from "@server/testing/content-fixtures";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { recordGrade } from "./service";

describe("a learner's correction of FSRS's recall for lapsed cards (users.recall_calibration)", () => {
  let t: TestApp;
  let userId: string;
  let cardId: number;

  const stored = async () =>
    (
      await queryRows<{ recall_calibration: number[] | null }>(
        t.ctx.db,
        sql`select recall_calibration from users where id = ${userId}`,
      )
    )[0]!.recall_calibration;
  const gradeAfter = async (days: number, rating: 1 | 3) => {
    t.clock.set(new Date(t.clock.now().getTime() + days * DAY_MS));
    await recordGrade(t.ctx, { userId, cardId, rating, channel: "web" });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const topic = await insertTopic(t.ctx, "law", 3);
    t.clock.set(new Date("2025-05-01T07:00:00Z"));
    const signedIn = await t.signIn({ email: "cal@example.com", timeZone: "UTC" });
    userId = signedIn.user.id;
    await t.subscribe(signedIn.cookie, { topicId: topic.id, emailEnabled: false, inAppEnabled: true });
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    // The dispatcher reads the column with the learner's other settings.
    await runSchedulerOnce(t.ctx);
    [{ id: cardId }] = (await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id from cards where user_id = ${userId} order by id limit 1`,
    )) as [{ id: number }];
  });
  afterAll(() => t.close());

  it("is FSRS as it is (null) until the learner answers a card they have forgotten before", async () => {
    expect(await stored()).toBeNull();
    await gradeAfter(0, 3); // the first rating
    await gradeAfter(3, 1); // a lapse: the card had none before, so FSRS's estimate is not one it corrects
    expect(await stored()).toBeNull();
  });

  it("learns from each answer to a lapsed card, in the grade's transaction", async () => {
    await gradeAfter(4, 1);
    const once = calibrationFromArray(await stored());
    expect(once.observations).toBe(1);
    // Forgotten where FSRS expected some recall: the intercept moves below FSRS's.
    expect(once.intercept).toBeLessThan(UNCALIBRATED.intercept);
    await gradeAfter(2, 3);
    const twice = calibrationFromArray(await stored());
    expect(twice.observations).toBe(2);
    expect(twice.intercept).toBeGreaterThan(once.intercept);
    await runSchedulerOnce(t.ctx);
  });

  it("keeps six numbers or none", async () => {
    await expect(
      t.ctx.db.execute(sql`update users set recall_calibration = '{1,2,3}' where id = ${userId}`),
    ).rejects.toThrow();
  });
});
