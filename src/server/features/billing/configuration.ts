import type { Plan, StripeConfig, StripeModeResponse } from "@shared/api/billing";
import { BILLING_CURRENCY, BILLING_INTERVALS, CURRENCIES, type StripeMode } from "@shared/constants";
import { PLAN_TABLE, planPrice } from "@shared/rules/billing";
import type { AppContext } from "@server/context";
import { billingSettings } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { conflict } from "@server/platform/errors/app-error";
import { payments, stripeConfigured, stripeKeysFor, storedStripeMode } from "./providers";

/* The plan list and the payment provider's configuration (the admin's Stripe mode switch). */

export function listPlans(viewer: UserRow | null): Plan[] {
  return PLAN_TABLE.filter((plan) => !plan.adminOnly || viewer?.isAdmin).map((plan) => ({
    name: plan.name,
    displayName: plan.displayName,
    price: plan.price,
    currency: BILLING_CURRENCY,
    interval: "month",
    features: plan.features,
    popular: plan.popular,
    prices: CURRENCIES.flatMap((currency) =>
      BILLING_INTERVALS.map((interval) => ({
        amount: planPrice(plan.name, currency, interval),
        currency,
        interval,
      })),
    ),
  }));
}

export async function getStripeConfig(ctx: AppContext): Promise<StripeConfig> {
  const provider = await payments(ctx).current();
  return {
    publishableKey: provider.publishableKey,
    provider: provider.kind,
    mode: provider.mode,
    testMode: provider.kind === "sandbox" || provider.mode === "test",
  };
}

export async function getStripeMode(ctx: AppContext): Promise<StripeModeResponse> {
  return {
    mode: await storedStripeMode(ctx),
    provider: stripeConfigured(ctx) ? "stripe" : "sandbox",
    testConfigured: Boolean(ctx.config.stripe.test),
    liveConfigured: Boolean(ctx.config.stripe.live),
  };
}

export async function setStripeMode(
  ctx: AppContext,
  admin: UserRow,
  mode: StripeMode,
): Promise<StripeModeResponse> {
  if (!stripeKeysFor(ctx, mode)) {
    const variables =
      mode === "live"
        ? "STRIPE_LIVE_SECRET_KEY and STRIPE_LIVE_PUBLISHABLE_KEY"
        : "STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY";
    throw conflict(
      `Stripe ${mode} mode is not configured. Set ${variables} on the server, then switch again.`,
      "STRIPE_MODE_NOT_CONFIGURED",
    );
  }
  await ctx.db
    .insert(billingSettings)
    .values({ id: 1, stripeMode: mode, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({
      target: billingSettings.id,
      set: { stripeMode: mode, updatedAt: ctx.clock.now() },
    });
  ctx.log.info({ mode, adminId: admin.id }, "stripe mode changed");
  return getStripeMode(ctx);
}
