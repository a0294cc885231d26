import { describe, expect, it } from "vitest";
import type { Subscription } from "@shared/api/subscriptions";
import { ApiError } from "@client/lib/api";
import { planErrorOf } from "./api/plan-error";
import { formatTimeOfDay } from "./format";
import { initialFormValues, toSubscriptionRequest, withFrequency } from "./subscription-form";
import { unlockText, wordsPerSendChoices, wordsPerSendText } from "./words-per-send";

describe("the subscription form", () => {
  it("starts with e-mail on, in-app off, daily at 09:00", () => {
    expect(initialFormValues()).toEqual({
      topicId: null,
      frequency: "daily",
      // Telegram's switch waits for its link (the switch list settles it): it is not in the starting values.
      channels: { email: true, sms: false, push: false, in_app: false },
      deliveryTime: "09:00",
      level: 2,
      wordsPerSend: 1,
    });
    expect(initialFormValues(undefined, 7).topicId).toBe(7);
  });

  it("keeps the time for hourly, every4hours and daily, and puts any other frequency back to 09:00", () => {
    const at1030 = { ...initialFormValues(undefined, 1), deliveryTime: "10:30" };
    expect(withFrequency(at1030, "hourly").deliveryTime).toBe("10:30");
    expect(withFrequency(at1030, "every4hours").deliveryTime).toBe("10:30");
    expect(withFrequency(at1030, "weekly").deliveryTime).toBe("09:00");
    expect(withFrequency(at1030, "every2hours").deliveryTime).toBe("09:00");
  });

  it("sends both, email or in_app for the two switches, and the spec's messages when something is missing", () => {
    const base = initialFormValues(undefined, 3);
    const methodFor = (emailEnabled: boolean, inAppEnabled: boolean) => {
      const check = toSubscriptionRequest({
        ...base,
        channels: { email: emailEnabled, in_app: inAppEnabled },
      });
      return check.ok ? check.request.deliveryMethod : check.message;
    };
    expect(methodFor(true, true)).toBe("both");
    expect(methodFor(true, false)).toBe("email");
    expect(methodFor(false, true)).toBe("in_app");
    expect(methodFor(false, false)).toBe("Please select at least one delivery method");
    // A text or a push alone is enough; the spec's field then reads in_app, as the server stores it.
    const smsOnly = toSubscriptionRequest({ ...base, channels: { email: false, sms: true } });
    expect(smsOnly).toMatchObject({ ok: true, request: { deliveryMethod: "in_app", emailEnabled: false } });
    const telegramOnly = toSubscriptionRequest({ ...base, channels: { email: false, telegram: true } });
    expect(telegramOnly).toMatchObject({
      ok: true,
      request: { deliveryMethod: "in_app", inAppEnabled: false },
    });
    expect(toSubscriptionRequest({ ...base, topicId: null })).toMatchObject({
      ok: false,
      message: "Please select a topic",
    });
  });

  it("sends every registered channel in the channels list, a switch not yet settled as off", () => {
    const check = toSubscriptionRequest({ ...initialFormValues(undefined, 3), channels: { email: true } });
    expect(check.ok && check.request.channels).toEqual([
      { channel: "email", enabled: true },
      { channel: "sms", enabled: false },
      { channel: "push", enabled: false },
      { channel: "telegram", enabled: false },
      { channel: "in_app", enabled: false },
    ]);
  });

  it("edits a subscription's own switches, Telegram's among them", () => {
    const subscription: Subscription = {
      id: 1,
      topicId: 4,
      topic: { name: "law", displayName: "Law", description: "", category: "business", icon: "⚖️" },
      frequency: "daily",
      deliveryMethod: "in_app",
      emailEnabled: false,
      inAppEnabled: false,
      smsEnabled: false,
      pushEnabled: false,
      channels: [
        { channel: "email", enabled: false },
        { channel: "telegram", enabled: true },
      ],
      deliveryTime: "09:00",
      level: 2,
      wordsPerSend: 1,
      active: true,
      status: "active",
      nextDelivery: null,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    expect(initialFormValues(subscription).channels).toEqual({ email: false, telegram: true });
  });

  it("stores 09:00 for a frequency without a time even if an older time lingers", () => {
    const check = toSubscriptionRequest({
      ...initialFormValues(undefined, 3),
      frequency: "weekly",
      deliveryTime: "18:15",
    });
    expect(check.ok && check.request.deliveryTime).toBe("09:00");
  });
});

describe("plan errors", () => {
  const answer = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), "");

  it("uses the server's upgrade options when it sends them", () => {
    const error = answer(403, {
      message: "Your Free plan allows 1 active subscription. Upgrade your plan to add more.",
      code: "SUBSCRIPTION_LIMIT_REACHED",
      currentPlan: "free",
      upgradeOptions: [{ name: "pro", displayName: "Pro", price: 1600 }],
    });
    expect(planErrorOf(error)?.upgradeOptions).toEqual([{ name: "pro", displayName: "Pro", price: 1600 }]);
  });

  it("falls back to the options of the current plan", () => {
    const free = planErrorOf(
      answer(403, { message: "x", code: "FREQUENCY_NOT_ALLOWED", currentPlan: "free" }),
    );
    expect(free?.upgradeOptions.map((option) => [option.name, option.price])).toEqual([
      ["basic", 400],
      ["premium", 800],
      ["pro", 1600],
    ]);
    const basic = planErrorOf(
      answer(403, { message: "x", code: "SUBSCRIPTION_LIMIT_REACHED", currentPlan: "basic" }),
    );
    expect(basic?.upgradeOptions.map((option) => option.name)).toEqual(["premium", "pro"]);
  });

  it("reads every plan-limit code, more words per send than the plan allows among them", () => {
    const error = answer(403, {
      message: "4 words per send need the Pro plan or higher (your plan allows 2).",
      code: "WORDS_PER_SEND_NOT_ALLOWED",
      currentPlan: "basic",
      upgradeOptions: [{ name: "pro", displayName: "Pro", price: 1600 }],
    });
    expect(planErrorOf(error)).toMatchObject({ code: "WORDS_PER_SEND_NOT_ALLOWED", currentPlan: "basic" });
    expect(
      planErrorOf(answer(403, { message: "x", code: "CHANNEL_NOT_ALLOWED", currentPlan: "free" }))?.code,
    ).toBe("CHANNEL_NOT_ALLOWED");
  });

  it("is null for other errors", () => {
    expect(
      planErrorOf(answer(409, { message: "Already subscribed", code: "ALREADY_SUBSCRIBED" })),
    ).toBeNull();
    expect(planErrorOf(answer(403, { message: "Admins only" }))).toBeNull();
    expect(planErrorOf(new Error("network"))).toBeNull();
  });
});

describe("formatting", () => {
  it("shows wall-clock times in en-US", () => {
    expect(formatTimeOfDay("09:00").replace(/\s/g, " ")).toBe("9:00 AM");
    expect(formatTimeOfDay("18:05").replace(/\s/g, " ")).toBe("6:05 PM");
  });
});

describe("words per send", () => {
  const user = (subscriptionPlan: string, trialStatus: string | null = null) => ({
    subscriptionPlan,
    trialStatus,
  });
  const lockedBy = (choices: ReturnType<typeof wordsPerSendChoices>) =>
    choices.map((choice) => choice.unlockedBy);

  it("locks the counts above the plan's limit, each with the cheapest plan that allows it", () => {
    const free = wordsPerSendChoices(user("free"));
    expect(free.map((choice) => choice.count)).toEqual([1, 2, 3, 4, 5]);
    expect(lockedBy(free)).toEqual([null, "Basic", "Premium", "Pro", "Pro"]);
    expect(unlockText(free)).toBe("2 with Basic, 3 with Premium, 4–5 with Pro");
    expect(unlockText(wordsPerSendChoices(user("basic")))).toBe("3 with Premium, 4–5 with Pro");
  });

  it("gives a trial Premium's three, and Pro everything", () => {
    expect(lockedBy(wordsPerSendChoices(user("free", "active")))).toEqual([null, null, null, "Pro", "Pro"]);
    const pro = wordsPerSendChoices(user("pro"));
    expect(lockedBy(pro)).toEqual([null, null, null, null, null]);
    expect(unlockText(pro)).toBe("");
  });

  it("starts at 1, keeps a subscription's own count, and sends it", () => {
    expect(initialFormValues().wordsPerSend).toBe(1);
    const check = toSubscriptionRequest({ ...initialFormValues(undefined, 3), wordsPerSend: 3 });
    expect(check.ok && check.request.wordsPerSend).toBe(3);
    expect(wordsPerSendText(1)).toBe("1 word per send");
    expect(wordsPerSendText(3)).toBe("3 words per send");
  });
});
