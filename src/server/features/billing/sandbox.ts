import { and, eq } from "drizzle-orm";
import type { SandboxCard, SandboxPortal } from "@shared/api/billing";
import { PLAN_NAMES, type PlanName } from "@shared/constants";
import { intentIdFromClientSecret } from "@shared/rules/billing";
import type { AppContext } from "@server/context";
import { billingCustomers } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { AppError, conflict, notFound } from "@server/platform/errors/app-error";
import { StripeApiError, type SSubscription } from "@server/platform/payments/stripe-shapes";
import { payments } from "./providers";

const toCardInput = (card: SandboxCard) => ({
  cardNumber: card.cardNumber,
  expMonth: card.expMonth,
  expYear: card.expYear,
  cvc: card.cvc,
});

async function sandboxCustomer(ctx: AppContext, userId: string): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, "sandbox")));
  return row?.customerId;
}

/** Card problems come back as Stripe words them (402), anything else as a plain request error. */
async function asCardResult<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StripeApiError) {
      throw new AppError(
        error.isCardError ? 402 : 400,
        error.message,
        error.isCardError ? "CARD_DECLINED" : "INVALID_REQUEST",
      );
    }
    throw error;
  }
}

/** What Stripe.js's confirmCardSetup / confirmCardPayment do, for the sandbox's own card form. */
export async function confirmSandboxIntent(
  ctx: AppContext,
  userId: string,
  clientSecret: string,
  card: SandboxCard,
) {
  const customerId = await sandboxCustomer(ctx, userId);
  const registry = payments(ctx);
  const provider = registry.byKey("sandbox");
  const intentId = intentIdFromClientSecret(clientSecret);
  const owner = customerId
    ? intentId.startsWith("seti_")
      ? (await provider.getSetupIntent(intentId).catch(() => undefined))?.customerId
      : (await provider.getPaymentIntent(intentId).catch(() => undefined))?.customerId
    : undefined;
  if (!owner || owner !== customerId) throw notFound("Payment not found");
  const intent = await asCardResult(() =>
    registry.sandbox().confirmWithCard(clientSecret, toCardInput(card)),
  );
  await registry.flushSandboxEvents();
  return { id: intent.id, type: intent.object, status: "succeeded" as const };
}

const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

function portalSubscription(subscription: SSubscription | null): SandboxPortal["subscription"] {
  if (!subscription) return null;
  const item = subscription.items.data[0]!;
  const plan = (PLAN_NAMES as readonly string[]).includes(subscription.metadata.plan ?? "")
    ? (subscription.metadata.plan as PlanName)
    : "premium";
  return {
    id: subscription.id,
    planName: plan,
    status: subscription.status,
    currentPeriodEnd: iso(item.current_period_end),
    trialEnd: iso(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

export async function sandboxPortal(ctx: AppContext, user: UserRow): Promise<SandboxPortal> {
  const customerId = await sandboxCustomer(ctx, user.id);
  if (!customerId) return { testMode: true, email: user.email, card: null, subscription: null, invoices: [] };
  const view = await payments(ctx).sandbox().portalView(customerId);
  return {
    testMode: true,
    email: user.email,
    card: view.card
      ? {
          brand: view.card.brand,
          last4: view.card.last4,
          expMonth: view.card.exp_month,
          expYear: view.card.exp_year,
        }
      : null,
    subscription: portalSubscription(view.subscription),
    invoices: view.invoices.map((invoice) => ({
      id: invoice.id,
      amount: invoice.amount_due,
      status: invoice.status,
      createdAt: new Date(invoice.created * 1000).toISOString(),
    })),
  };
}

async function requireSandboxCustomer(ctx: AppContext, userId: string): Promise<string> {
  const customerId = await sandboxCustomer(ctx, userId);
  if (!customerId)
    throw conflict("You don't have a billing account yet. Choose a plan first.", "NO_BILLING_ACCOUNT");
  return customerId;
}

/** The portal's "update payment method": also retries an unpaid invoice, which is how past_due recovers. */
export async function sandboxPortalUpdateCard(
  ctx: AppContext,
  user: UserRow,
  card: SandboxCard,
): Promise<SandboxPortal> {
  const customerId = await requireSandboxCustomer(ctx, user.id);
  const registry = payments(ctx);
  await asCardResult(() => registry.sandbox().updateDefaultCard(customerId, toCardInput(card)));
  await registry.flushSandboxEvents();
  return sandboxPortal(ctx, user);
}

/** The portal's "cancel plan": at the period end, like Stripe's portal; the webhook path updates the user. */
export async function sandboxPortalCancel(ctx: AppContext, user: UserRow): Promise<SandboxPortal> {
  const customerId = await requireSandboxCustomer(ctx, user.id);
  const registry = payments(ctx);
  const { subscription } = await registry.sandbox().portalView(customerId);
  if (!subscription) throw conflict("There is no subscription to cancel.", "NO_SUBSCRIPTION");
  await registry.sandbox().updateSubscription(subscription.id, { cancel_at_period_end: true }, {});
  await registry.flushSandboxEvents();
  return sandboxPortal(ctx, user);
}
