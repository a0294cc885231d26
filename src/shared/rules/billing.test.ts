import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "../constants";
import { PLAN_TABLE, billingNoticeFor, formatPlanPrice, intentIdFromClientSecret } from "./billing";

describe("price display", () => {
  it("shows two decimals under 100 pence, whole pounds otherwise, and Free for 0", () => {
    expect(formatPlanPrice(30)).toBe("£0.30/month");
    expect(formatPlanPrice(400)).toBe("£4/month");
    expect(formatPlanPrice(800)).toBe("£8/month");
    expect(formatPlanPrice(1600)).toBe("£16/month");
    expect(formatPlanPrice(0)).toBe("Free");
  });

  it("lists the five plans with the spec's prices, admin_test admin-only and premium most popular", () => {
    expect(PLAN_TABLE.map((plan) => [plan.name, plan.price])).toEqual([
      ["free", 0],
      ["basic", 400],
      ["premium", 800],
      ["pro", 1600],
      ["admin_test", 30],
    ]);
    expect(PLAN_TABLE.filter((plan) => plan.adminOnly).map((plan) => plan.displayName)).toEqual([
      "Admin Test Pro",
    ]);
    expect(PLAN_TABLE.find((plan) => plan.popular)?.name).toBe("premium");
  });
});

describe("billing notices", () => {
  const now = new Date("2025-06-10T12:00:00Z");
  const user = (subscriptionPlan: string, subscriptionStatus: string | null, inMs: number | null) => ({
    subscriptionPlan,
    subscriptionStatus,
    nextBillingDate: inMs === null ? null : new Date(now.getTime() + inMs).toISOString(),
  });

  it("never shows to free users", () => {
    expect(billingNoticeFor(user("free", "past_due", DAY_MS), now)).toBeNull();
  });

  it("shows a non-dismissible payment-failed notice when past_due", () => {
    expect(billingNoticeFor(user("premium", "past_due", null), now)).toMatchObject({
      kind: "payment_failed",
      dismissible: false,
    });
  });

  it("shows the renewal notice from 3 days down to just above 0, with 'Tomorrow' at 1 day", () => {
    expect(billingNoticeFor(user("basic", "active", 3 * DAY_MS + HOUR_MS), now)).toBeNull();
    expect(billingNoticeFor(user("basic", "active", 3 * DAY_MS), now)).toMatchObject({ daysUntilRenewal: 3 });
    expect(billingNoticeFor(user("basic", "active", 20 * HOUR_MS), now)).toMatchObject({
      daysUntilRenewal: 1,
      tomorrow: true,
      dismissKey: "renewal-notice:2025-06-11",
    });
    expect(billingNoticeFor(user("basic", "active", 0), now)).toBeNull();
    expect(billingNoticeFor(user("basic", "pending_cancel", DAY_MS), now)).toBeNull();
  });

  it("reads the intent id before the secret marker", () => {
    expect(intentIdFromClientSecret("pi_3Nabc_secret_xyz")).toBe("pi_3Nabc");
  });
});
