import { describe, expect, it } from "vitest";
import { ApiError } from "@client/lib/api";
import { planErrorOf } from "./api/plan-error";
import { formatTimeOfDay } from "./format";
import { initialFormValues, toSubscriptionRequest, withFrequency } from "./subscription-form";

describe("the subscription form", () => {
  it("starts with e-mail on, in-app off, daily at 09:00", () => {
    expect(initialFormValues()).toEqual({
      topicId: null,
      frequency: "daily",
      emailEnabled: true,
      inAppEnabled: false,
      smsEnabled: false,
      pushEnabled: false,
      deliveryTime: "09:00",
      level: 2,
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
      const check = toSubscriptionRequest({ ...base, emailEnabled, inAppEnabled });
      return check.ok ? check.request.deliveryMethod : check.message;
    };
    expect(methodFor(true, true)).toBe("both");
    expect(methodFor(true, false)).toBe("email");
    expect(methodFor(false, true)).toBe("in_app");
    expect(methodFor(false, false)).toBe("Please select at least one delivery method");
    // A text or a push alone is enough; the spec's field then reads in_app, as the server stores it.
    const smsOnly = toSubscriptionRequest({ ...base, emailEnabled: false, smsEnabled: true });
    expect(smsOnly).toMatchObject({ ok: true, request: { deliveryMethod: "in_app", smsEnabled: true } });
    expect(toSubscriptionRequest({ ...base, topicId: null })).toMatchObject({
      ok: false,
      message: "Please select a topic",
    });
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
