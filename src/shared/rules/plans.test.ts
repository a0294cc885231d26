import { describe, expect, it } from "vitest";
import { CHANNELS, channelDeclaration } from "../channels";
import {
  SMS_NOT_ALLOWED_MESSAGE,
  TRIAL_END_SENTENCE,
  allowsChannel,
  allowsFrequency,
  checkPlanAllows,
  checkWordsPerSend,
  checkSubscriptionRoom,
  effectivePlanOf,
  planStateOf,
  endsOnText,
  subscriptionLimit,
  trialDaysLeft,
  trialDaysLeftText,
  upgradeOptionsFor,
  wordsPerSendLimit,
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

  it("lets a free learner turn on every channel whose registry plan rule is any_plan, and no paid_plan one", () => {
    for (const channel of CHANNELS) {
      expect(allowsChannel(user("free"), channel.name), channel.name).toBe(channel.planRule === "any_plan");
      expect(allowsChannel(user("free", "active"), channel.name), channel.name).toBe(true);
      expect(allowsChannel(user("basic"), channel.name), channel.name).toBe(true);
    }
  });

  it("keeps SMS for paid plans and active trials, and says so after the limit and the frequency", () => {
    expect(allowsChannel(user("free"), "sms")).toBe(false);
    expect(allowsChannel(user("free", "active"), "sms")).toBe(true);
    for (const plan of ["basic", "premium", "pro", "admin_test"])
      expect(allowsChannel(user(plan), "sms")).toBe(true);
    const base = { frequency: "daily" as const, activeSubscriptions: 0, adding: true };
    expect(checkPlanAllows(user("free"), { ...base, channels: [channelDeclaration("sms")] })).toMatchObject({
      code: "CHANNEL_NOT_ALLOWED",
      message: SMS_NOT_ALLOWED_MESSAGE,
      currentPlan: "free",
    });
    expect(
      checkPlanAllows(user("free"), {
        ...base,
        channels: [channelDeclaration("email"), channelDeclaration("push")],
      }),
    ).toBeNull();
    expect(checkPlanAllows(user("basic"), { ...base, channels: [channelDeclaration("sms")] })).toBeNull();
    expect(
      checkPlanAllows(user("free"), { ...base, frequency: "hourly", channels: [channelDeclaration("sms")] })
        ?.code,
    ).toBe("FREQUENCY_NOT_ALLOWED");
  });

  it("refuses any paid_plan channel by its own label, a channel the registry gained later included", () => {
    const base = { frequency: "daily" as const, activeSubscriptions: 0, adding: true };
    const fax = { label: "Fax", planRule: "paid_plan" } as const;
    expect(
      checkPlanAllows(user("free"), { ...base, channels: [channelDeclaration("email"), fax] }),
    ).toMatchObject({
      code: "CHANNEL_NOT_ALLOWED",
      message: "Fax delivery needs a paid plan or a free trial.",
    });
    expect(checkPlanAllows(user("premium"), { ...base, channels: [fax] })).toBeNull();
  });

  it("caps words per send by plan (a trial counts as Premium), offering only the plans that allow the number", () => {
    expect(checkWordsPerSend(user("free"), 1)).toBeNull();
    expect(checkWordsPerSend(user("free"), 2)).toEqual({
      code: "WORDS_PER_SEND_NOT_ALLOWED",
      message: "2 words per send need the Basic plan or higher (your plan allows 1).",
      currentPlan: "free",
      upgradeOptions: upgradeOptionsFor("free"),
    });
    expect(checkWordsPerSend(user("basic"), 4)?.upgradeOptions.map((option) => option.name)).toEqual(["pro"]);
    expect(checkWordsPerSend(user("free", "active"), 3)).toBeNull();
    expect(checkWordsPerSend(user("free", "active"), 4)?.message).toBe(
      "4 words per send need the Pro plan or higher (your plan allows 3).",
    );
    expect(checkWordsPerSend(user("pro"), 5)).toBeNull();
    const base = { frequency: "daily" as const, activeSubscriptions: 0, adding: true };
    expect(checkPlanAllows(user("free"), { ...base, wordsPerSend: 2 })?.code).toBe(
      "WORDS_PER_SEND_NOT_ALLOWED",
    );
    expect(checkPlanAllows(user("free"), { ...base, wordsPerSend: undefined })).toBeNull();
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

describe("plan state (issue 17: one place decides the plan a user is shown on)", () => {
  const now = new Date("2026-03-01T10:00:00Z");

  it("shows a trialing free account as on Premium (trial), with whole days left counted up", () => {
    const trialing = {
      subscriptionPlan: "free",
      trialStatus: "active",
      trialPlan: "premium",
      trialEndDate: "2026-03-04T09:00:00Z",
    };
    expect(planStateOf(trialing, now)).toMatchObject({
      plan: "premium",
      label: "Premium (trial)",
      trial: { daysLeft: 3 },
    });
    expect(effectivePlanOf(trialing)).toBe("premium");
    expect(wordsPerSendLimit(trialing)).toBe(3);
  });

  it("says when a cancelled trial or a scheduled cancellation ends, and nothing for a plan that carries on", () => {
    const cancelledTrial = planStateOf(
      {
        subscriptionPlan: "free",
        trialStatus: "active",
        trialPlan: "premium",
        trialEndDate: "2026-03-04T09:00:00Z",
        subscriptionEndsAt: "2026-03-04T09:00:00Z",
      },
      now,
    );
    expect(cancelledTrial).toMatchObject({ plan: "premium", trial: { cancelled: true, daysLeft: 3 } });
    expect(cancelledTrial.endsAt?.toISOString()).toBe("2026-03-04T09:00:00.000Z");
    const ending = planStateOf(
      {
        subscriptionPlan: "basic",
        trialStatus: null,
        subscriptionStatus: "pending_cancel",
        subscriptionEndsAt: "2026-04-01T00:00:00Z",
      },
      now,
    );
    expect(ending.endsAt?.toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(planStateOf({ ...user("basic"), subscriptionStatus: "active" }, now).endsAt).toBeNull();
    expect(endsOnText(new Date(2026, 3, 1, 12))).toBe("ends on 1 April 2026");
  });

  it("uses the stored plan once a trial is over, and never counts days below zero", () => {
    expect(planStateOf({ subscriptionPlan: "free", trialStatus: "cancelled" }, now)).toEqual({
      plan: "free",
      trial: null,
      endsAt: null,
      label: "Free",
    });
    expect(trialDaysLeft(new Date("2026-02-27T00:00:00Z"), now)).toBe(0);
    expect(trialDaysLeftText(0)).toBe("ends today");
    expect(trialDaysLeftText(1)).toBe("1 day left");
  });

  it("gives Pro more words per send than Premium, and Premium more than Free", () => {
    expect(wordsPerSendLimit(user("free"))).toBe(1);
    expect(wordsPerSendLimit(user("premium"))).toBe(3);
    expect(wordsPerSendLimit(user("pro"))).toBe(5);
  });

  it("says what the end of a trial does in pounds", () => {
    expect(TRIAL_END_SENTENCE).toContain("£8/month");
    expect(TRIAL_END_SENTENCE).not.toContain("$");
  });

  it("reports the subscription limit before any form, with the server's words", () => {
    expect(checkSubscriptionRoom(user("free"), 0)).toBeNull();
    expect(checkSubscriptionRoom(user("free"), 1)).toMatchObject({
      code: "SUBSCRIPTION_LIMIT_REACHED",
      message: "Your Free plan allows 1 active subscription. Upgrade your plan to add more.",
    });
    expect(checkSubscriptionRoom(user("free", "active"), 4)).toBeNull();
  });
});
