import { describe, expect, it } from "vitest";
import { readPurchaseParams } from "./purchase-params";

describe("purchase-success query parameters", () => {
  it("takes the payment id from payment_intent_id, payment_intent, or the client secret's prefix", () => {
    expect(readPurchaseParams("?payment_intent_id=pi_1").paymentId).toBe("pi_1");
    expect(
      readPurchaseParams("?payment_intent=pi_2&payment_intent_client_secret=pi_9_secret_x").paymentId,
    ).toBe("pi_2");
    expect(readPurchaseParams("?payment_intent_client_secret=pi_3_secret_abc").paymentId).toBe("pi_3");
    expect(readPurchaseParams("").paymentId).toBeNull();
  });

  it("reads subscription_id, a known plan and a whole amount in pence", () => {
    expect(readPurchaseParams("?subscription_id=sub_1&plan=pro&amount=1600")).toEqual({
      paymentId: null,
      subscriptionId: "sub_1",
      plan: "pro",
      amount: 1600,
    });
    expect(readPurchaseParams("?plan=gold&amount=12.5")).toMatchObject({ plan: null, amount: null });
  });
});
