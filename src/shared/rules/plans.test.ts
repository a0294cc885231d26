import { describe, expect, it } from "vitest";
import {
  SMS_NOT_ALLOWED_MESSAGE,
  allowsFrequency,
  allowsSms,
  checkPlanAllows,
  subscriptionLimit,
  upgradeOptionsFor,
} from "./plans";

const user = (subscriptionPlan: string, trialStatus: string | null = null) => ({
  subscriptionPlan,
  trialStatus,
});

describe("plan rules", () => {
  it("limits free to 1 and basic to 5 active subscriptions; premium, pro, admin_test and trials are unlimited", () => {
    expect(subscriptionLimit(user("free"))).toBe(1);
    expect(subscriptionLimit(user("basic"))).toBe(5);
    for (const plan of ["premium", "pro", "admin_test"]) expect(subscriptionLimit(user(plan))).toBeNull();
    expect(subscriptionLimit(user("free", "active"))).toBeNull();
    expect(subscriptionLimit(user("something-unknown"))).toBe(1);
  });

  it("keeps the starred frequencies for paid plans and active trials", () => {
    expect(allowsFrequency(user("free"), "hourly")).toBe(false);
    expect(allowsFrequency(user("free"), "every4hours")).toBe(false);
    expect(allowsFrequency(user("free"), "every2hours")).toBe(true);
    expect(allowsFrequency(user("free", "active"), "hourly")).toBe(true);
    expect(allowsFrequency(user("basic"), "hourly")).toBe(true);
  });

  it("keeps SMS for paid plans and active trials, and says so after the limit and the frequency", () => {
    expect(allowsSms(user("free"))).toBe(false);
    expect(allowsSms(user("free", "active"))).toBe(true);
    for (const plan of ["basic", "premium", "pro", "admin_test"]) expect(allowsSms(user(plan))).toBe(true);
    const base = { frequency: "daily" as const, activeSubscriptions: 0, adding: true };
    expect(checkPlanAllows(user("free"), { ...base, smsEnabled: true })).toMatchObject({
      code: "CHANNEL_NOT_ALLOWED",
      message: SMS_NOT_ALLOWED_MESSAGE,
      currentPlan: "free",
    });
    expect(checkPlanAllows(user("free"), { ...base, smsEnabled: false })).toBeNull();
    expect(checkPlanAllows(user("basic"), { ...base, smsEnabled: true })).toBeNull();
    expect(checkPlanAllows(user("free"), { ...base, frequency: "hourly", smsEnabled: true })?.code).toBe(
      "FREQUENCY_NOT_ALLOWED",
    );
  });

  it("offers the spec's upgrades with their prices in cents", () => {
    expect(upgradeOptionsFor("free")).toEqual([
      { name: "basic", displayName: "Basic", price: 400 },
      { name: "premium", displayName: "Premium", price: 800 },
      { name: "pro", displayName: "Pro", price: 1600 },
    ]);
    expect(upgradeOptionsFor("basic").map((option) => option.name)).toEqual(["premium", "pro"]);
  });

  it("reports the limit before the frequency, and nothing when allowed", () => {
    expect(
      checkPlanAllows(user("free"), { frequency: "hourly", activeSubscriptions: 1, adding: true })?.code,
    ).toBe("SUBSCRIPTION_LIMIT_REACHED");
    expect(
      checkPlanAllows(user("free"), { frequency: "hourly", activeSubscriptions: 0, adding: true })?.code,
    ).toBe("FREQUENCY_NOT_ALLOWED");
    // Editing an existing active subscription does not count it twice.
    expect(
      checkPlanAllows(user("free"), { frequency: "daily", activeSubscriptions: 1, adding: false }),
    ).toBeNull();
  });
});
