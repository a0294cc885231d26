import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@server/db/raw";
import type { DeliveredEvent } from "@server/platform/events/delivered";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { runSchedulerOnce } from "./service";

describe("the delivered event", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  /** What a subscriber saw: the event, the rows visible in its transaction, and those visible after the commit. */
  const seen: { event: DeliveredEvent; inTransaction: number[]; afterCommit?: number[] }[] = [];
  const deliveryIds = sql`select id from deliveries order by id`;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "admin@example.com" } });
    topic = await insertTopic(t.ctx, "finance", 5);
    t.ctx.events.delivered.subscribe(async (tx, event, afterCommit) => {
      const entry: (typeof seen)[number] = {
        event,
        inTransaction: (await queryRows<{ id: number }>(tx, deliveryIds)).map((row) => row.id),
      };
      seen.push(entry);
      afterCommit(async () => {
        entry.afterCommit = (await queryRows<{ id: number }>(t.ctx.db, deliveryIds)).map((row) => row.id);
      });
    });
  });
  afterAll(() => t.close());

  it("is raised in the dispatch transaction with the new deliveries, and its after-commit work sees them", async () => {
    t.clock.set(new Date("2025-05-01T08:00:00Z"));
    const { user, cookie } = await t.signIn({ email: "admin@example.com", timeZone: "UTC" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie, ...SAME_ORIGIN },
      payload: {
        topicId: topic.id,
        frequency: "daily",
        deliveryTime: "09:00",
        emailEnabled: true,
        inAppEnabled: true,
      },
    });
    const subscriptionId = created.json().id as number;
    t.clock.set(new Date("2025-05-01T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    expect(seen).toHaveLength(1);
    const [delivery] = seen[0]!.event.deliveries;
    expect(delivery).toMatchObject({
      userId: user.id,
      subscriptionId,
      topicId: topic.id,
      source: "scheduled",
      inApp: true,
    });
    expect(seen[0]!.inTransaction).toEqual([delivery!.id]);
    expect(seen[0]!.afterCommit).toEqual([delivery!.id]);
    // The notification cache follows the event: the poll shows the word at once.
    const recent = await t.app.inject({ method: "GET", url: "/api/activity/recent", headers: { cookie } });
    expect(recent.json()).toHaveLength(1);

    // The admin's demo send raises it too, as a delivery that is not in the app.
    const demo = await t.app.inject({
      method: "POST",
      url: `/api/subscriptions/${subscriptionId}/demo`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(demo.statusCode).toBe(200);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.event.deliveries).toEqual([
      expect.objectContaining({ userId: user.id, subscriptionId, source: "demo", inApp: false }),
    ]);
  });

  it("is not raised by a run that delivers nothing", async () => {
    await runSchedulerOnce(t.ctx);
    expect(seen).toHaveLength(2);
  });
});
