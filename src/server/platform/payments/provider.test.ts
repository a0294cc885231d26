import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdjustableClock } from "@server/platform/clock/clock";
import { startStripeEmulator, type StripeEmulator } from "@server/testing/stripe-emulator";
import { AppError } from "../errors/app-error";
import { createPaymentProvider, type PaymentProvider } from "./provider";
import { createStripeClient, sdkApi } from "./stripe-sdk-api";

const IDENTITY = {
  key: "stripe:test",
  kind: "stripe",
  mode: "test",
  publishableKey: "pk_test_jargon",
} as const;
const UNAVAILABLE = {
  status: 503,
  message: "The payment provider is unavailable. Please try again.",
  code: "PAYMENT_PROVIDER_UNAVAILABLE",
};

const providerAt = (apiBase: string): PaymentProvider =>
  createPaymentProvider(IDENTITY, sdkApi(createStripeClient({ secretKey: "sk_test_jargon", apiBase })));

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/**
 * What a provider call answers when it fails, through the official SDK: our own refusal raised inside a call
 * reaches the user as it was raised; anything from Stripe's side or the network is the one 503 message.
 */
describe("payment provider errors", () => {
  let emulator: StripeEmulator;
  let broken: Server;
  let brokenUrl: string;

  beforeAll(async () => {
    emulator = await startStripeEmulator(new AdjustableClock(new Date("2025-09-01T08:00:00Z")));
    broken = createServer((_request, response) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ error: { type: "api_error", message: "Something went wrong on Stripe's end." } }),
      );
    });
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
    brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await emulator.close();
    await new Promise<void>((resolve) => broken.close(() => resolve()));
  });

  it("lets our own refusal inside a call through unchanged (an invoice with no card payment: 409)", async () => {
    const error = await failure(providerAt(emulator.url).refundInvoice("in_never_paid", "refund:test"));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 409,
      code: "NOTHING_TO_REFUND",
      message: "This charge has no card payment to refund.",
    });
  });

  it("answers a Stripe server error with the 503 message, not Stripe's own words", async () => {
    const error = await failure(providerAt(brokenUrl).lastCharge("cus_any"));
    expect({ status: error.status, message: error.message, code: error.code }).toEqual(UNAVAILABLE);
  });

  it("answers a provider that cannot be reached with the same 503 message", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(providerAt(`http://127.0.0.1:${port}`).refundInvoice("in_any", "refund:any"));
    expect({ status: error.status, message: error.message, code: error.code }).toEqual(UNAVAILABLE);
  });
});
