import { PLAN_NAMES, type PlanName } from "@shared/constants";
import { intentIdFromClientSecret } from "@shared/rules/billing";

export interface PurchaseParams {
  /** payment_intent_id, else payment_intent, else the id inside payment_intent_client_secret. */
  paymentId: string | null;
  subscriptionId: string | null;
  plan: PlanName | null;
  /** Pence per month, when the URL carries it. */
  amount: number | null;
}

/** plans-billing §2: the query parameters the purchase-success page reads. */
export function readPurchaseParams(search: string): PurchaseParams {
  const params = new URLSearchParams(search);
  const secret = params.get("payment_intent_client_secret");
  const paymentId =
    params.get("payment_intent_id") ||
    params.get("payment_intent") ||
    (secret ? intentIdFromClientSecret(secret) : "");
  const plan = params.get("plan");
  const amount = params.get("amount");
  const parsedAmount = amount !== null && /^\d+$/.test(amount) ? Number(amount) : null;
  return {
    paymentId: paymentId || null,
    subscriptionId: params.get("subscription_id") || null,
    plan: plan && (PLAN_NAMES as readonly string[]).includes(plan) ? (plan as PlanName) : null,
    amount: parsedAmount,
  };
}
