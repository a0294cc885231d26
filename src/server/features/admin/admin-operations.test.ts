import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEvents, users } from "@server/db/schema";
import { insertTopic } from "@server/testing/content-fixtures";
import { recordingChannel } from "@server/testing/recording-channel";
import { deliverNow } from "../delivery/service";
import { createAdminTestKit, type AdminTestKit } from "@server/testing/admin-test-kit";

describe("GET /api/admin/operations", () => {
  let kit: AdminTestKit;
  const sms = recordingChannel("sms");
  beforeAll(async () => {
    kit = await createAdminTestKit({ channels: [sms] });
  }, 180_000);
  afterAll(() => kit.t.close());

  it("counts users, trials, paid plans, the last day's sends per channel, the oldest waiting send and billing events", async () => {
    const t = kit.t;
    const topic = await insertTopic(t.ctx, "finance", 3);
    const trial = await t.signIn({ email: "trial@example.com" });
    await t.ctx.db
      .update(users)
      .set({ subscriptionPlan: "premium", trialStatus: "active" })
      .where(eq(users.id, trial.user.id));
    const payer = await t.signIn({ email: "payer@example.com", timeZone: "UTC" });
    await t.ctx.db.update(users).set({ subscriptionPlan: "pro" }).where(eq(users.id, payer.user.id));
    await t.ctx.db.insert(billingEvents).values({ userId: payer.user.id, type: "subscription.created" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie: payer.cookie, origin: "http://localhost:5000" },
      payload: {
        topicId: topic.id,
        frequency: "daily",
        emailEnabled: false,
        inAppEnabled: true,
        smsEnabled: true,
      },
    });
    sms.failNext(1, "permanent", "unreachable");
    await deliverNow(t.ctx, payer.user.id, [created.json().id]);

    const response = await kit.asAdmin("GET", "/api/admin/operations");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.users.activeTrials).toBe(1);
    expect(body.users.total).toBeGreaterThanOrEqual(3);
    expect(body.paidPlans).toEqual([
      { plan: "basic", users: 0 },
      { plan: "premium", users: 0 },
      { plan: "pro", users: 1 },
    ]);
    expect(body.sendsLast24h).toEqual([{ channel: "sms", sent: 0, failed: 1, pending: 0 }]);
    expect(body.oldestPendingSendAt).toBeNull();
    expect(body.lastBillingEvents[0]).toMatchObject({
      type: "subscription.created",
      userEmail: "payer@example.com",
    });
  });
});
