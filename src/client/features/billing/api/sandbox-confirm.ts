import { apiRequest, readJson } from "@client/lib/api";

export interface SandboxCardInput {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

/**
 * POST /api/sandbox/confirm: the sandbox's stand-in for Stripe.js confirmCardSetup/confirmCardPayment.
 * A declined card is a 402 whose message is the provider's ('Your card was declined.').
 */
export async function confirmSandboxCard(clientSecret: string, card: SandboxCardInput) {
  return readJson<{ id: string; type: "setup_intent" | "payment_intent"; status: "succeeded" }>(
    await apiRequest("POST", "/api/sandbox/confirm", { clientSecret, ...card }),
  );
}
