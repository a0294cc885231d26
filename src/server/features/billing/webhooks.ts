import { and, eq } from "drizzle-orm";
import type { AppContext } from "@server/context";
import { billingCheckouts, processedWebhookEvents } from "@server/db/schema";
import { badRequest } from "@server/platform/errors/app-error";
import type { PaymentProvider } from "@server/platform/payments/provider";
import { verifyStripeWebhook } from "@server/platform/payments/stripe-sdk-api";
import type { SEvent } from "@server/platform/payments/stripe-shapes";
import { withBillingLock } from "./lock";
import { payments } from "./providers";
import { recordOnce } from "./once";
import { applyProviderSubscription, userIdForCustomer } from "./sync";
import { STRIPE_MODES } from "@shared/constants";

type EventObject = SEvent["data"]["object"] & {
  customer?: string | null;
  parent?: { subscription_details?: { subscription?: string } | null } | null;
};

/** The provider subscription an event is about, if any. */
async function subscriptionIdOf(
  ctx: AppContext,
  provider: PaymentProvider,
  object: EventObject,
): Promise<string | null> {
  switch (object.object) {
    case "subscription":
      return object.id;
    case "invoice":
      return object.parent?.subscription_details?.subscription ?? null;
    case "payment_intent": {
      const [checkout] = await ctx.db
        .select({ subscriptionId: billingCheckouts.subscriptionId })
        .from(billingCheckouts)
        .where(
          and(eq(billingCheckouts.paymentIntentId, object.id), eq(billingCheckouts.provider, provider.key)),
        );
      return checkout?.subscriptionId ?? null;
    }
    default:
      return null;
  }
}

/**
 * Handles one provider event (a verified Stripe webhook or a sandbox event) once: known event ids are
 * acknowledged and skipped; otherwise the subscription it concerns is re-read from the provider and followed.
 */
export async function handleProviderEvent(
  ctx: AppContext,
  provider: PaymentProvider,
  event: SEvent,
): Promise<"handled" | "duplicate"> {
  const [seen] = await ctx.db
    .select({ eventId: processedWebhookEvents.eventId })
    .from(processedWebhookEvents)
    .where(
      and(eq(processedWebhookEvents.provider, provider.key), eq(processedWebhookEvents.eventId, event.id)),
    );
  if (seen) return "duplicate";

  const object = event.data.object as EventObject;
  const subscriptionId = await subscriptionIdOf(ctx, provider, object);
  if (subscriptionId) {
    const subscription = await provider.getSubscription(subscriptionId);
    const userId = await userIdForCustomer(ctx, provider, subscription.customerId);
    if (userId) {
      await withBillingLock(ctx, userId, async () =>
        applyProviderSubscription(ctx, provider, await provider.getSubscription(subscriptionId), {
          cause: `webhook:${event.type}`,
        }),
      );
    }
  } else if (object.object === "setup_intent" && typeof object.customer === "string") {
    const userId = await userIdForCustomer(ctx, provider, object.customer);
    if (userId) {
      // Only an audit entry: the trial starts when the browser calls /confirm-trial.
      await recordOnce(ctx, userId, `${provider.key}:${event.id}`, event.type, { setupIntent: object.id });
    }
  }
  await ctx.db
    .insert(processedWebhookEvents)
    .values({ provider: provider.key, eventId: event.id, type: event.type, processedAt: ctx.clock.now() })
    .onConflictDoNothing();
  return "handled";
}

/**
 * A Stripe webhook: the signature over the raw body is checked with the webhook secret of each configured
 * mode (test and live have separate endpoints' secrets); a forged or stale one is refused and changes nothing.
 */
export async function receiveStripeWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<"handled" | "duplicate"> {
  if (!signature) throw badRequest("Missing Stripe-Signature header", "INVALID_SIGNATURE");
  const registry = payments(ctx);
  for (const mode of STRIPE_MODES) {
    const secret = ctx.config.stripe[mode]?.webhookSecret;
    const client = registry.stripeClient(mode);
    if (!secret || !client) continue;
    let event: SEvent;
    try {
      event = await verifyStripeWebhook(client, rawBody, signature, secret);
    } catch {
      continue;
    }
    return handleProviderEvent(ctx, registry.byKey(`stripe:${mode}`), event);
  }
  throw badRequest("Invalid webhook signature", "INVALID_SIGNATURE");
}
