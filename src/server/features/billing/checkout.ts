import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { CreatePaymentIntentResponse } from "@shared/api/billing";
import { TRIAL_WELCOME_MESSAGE } from "@shared/api/billing";
import {
  BILLING_CURRENCY,
  HOUR_MS,
  TRIAL_PLAN,
  type BillingInterval,
  type Currency,
  type PlanName,
} from "@shared/constants";
import { formatMoney, isCurrency, isPaidPlan, planPrice } from "@shared/rules/billing";
import type { AppContext } from "@server/context";
import { billingCheckouts, trialGrants } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { AppError, forbidden, notFound } from "@server/platform/errors/app-error";
import {
  currentSubscription,
  longDate,
  planLabel,
  requirePaidSubscription,
  runningSubscriptions,
  subscriptionDetails,
} from "./current-plan";
import { ensureCustomer } from "./customers";
import { cancelPaidNow, scheduleDowngrade } from "./downgrade";
import { withBillingLock } from "./lock";
import { recordOnce } from "./once";
import { payments } from "./providers";
import { billingVersion, getAccount, loadUser } from "./state";
import { applyProviderSubscription } from "./sync";
import { cancelTrialAtItsEnd } from "./trial";

/* Choosing a plan (a new paid subscription, a plan change, or the way down to free) and completing its payment. */

/** An unpaid checkout is offered again (double clicks, a reload) for this long: Stripe expires it after 23 h. */
const OPEN_CHECKOUT_REUSE_MS = 23 * HOUR_MS;

/** A customer stays in the currency of their first payment (issue 28); before it, the one they chose. */
export const chargeCurrencyFor = (user: UserRow, chosen: Currency | undefined): Currency =>
  isCurrency(user.billingCurrency) ? user.billingCurrency : (chosen ?? BILLING_CURRENCY);

export function createPaymentIntent(
  ctx: AppContext,
  viewer: UserRow,
  planName: PlanName,
  choice: { interval: BillingInterval; currency?: Currency | undefined } = { interval: "month" },
) {
  return withBillingLock(ctx, viewer.id, async (): Promise<CreatePaymentIntentResponse> => {
    if (planName === "admin_test" && !viewer.isAdmin) {
      throw forbidden("This plan is only available to administrators.", "ADMIN_REQUIRED");
    }
    const user = await loadUser(ctx, viewer.id);
    const account = await getAccount(ctx, user.id);
    const paid = isPaidPlan(user.subscriptionPlan);

    if (planName === "free") {
      if (user.trialStatus === "active") {
        const message = await cancelTrialAtItsEnd(ctx, user, null);
        return { downgradedToFree: true, planName: "free", message };
      }
      if (!paid)
        return { alreadyActive: true, planName: "free", message: "You're already on the Free plan." };
      requirePaidSubscription(user, account);
      if (user.subscriptionStatus === "pending_cancel" && user.subscriptionEndsAt) {
        return {
          alreadyScheduled: true,
          subscriptionDetails: await subscriptionDetails(
            ctx,
            user.id,
            user.subscriptionEndsAt,
            account?.keepSubscriptionId ?? null,
          ),
          message: `Your downgrade to Free is already scheduled for ${longDate(user.subscriptionEndsAt)}.`,
        };
      }
      const running = await runningSubscriptions(ctx, user.id);
      if (running.length > 1) {
        return {
          requiresSubscriptionSelection: true,
          subscriptions: running,
          message: "Choose the subscription to keep on the Free plan.",
        };
      }
      if (user.subscriptionStatus === "past_due") {
        await cancelPaidNow(ctx, user.id, null);
        return { downgradedToFree: true, planName: "free", message: "You're now on the Free plan." };
      }
      const { cancellationDate, details } = await scheduleDowngrade(ctx, user.id, running[0]?.id ?? null);
      return {
        downgradedToFree: true,
        planName: "free",
        subscriptionDetails: details,
        message: `Your ${planLabel(user.subscriptionPlan)} plan stays active until ${longDate(cancellationDate)}; then you'll be on the Free plan.`,
      };
    }

    const { interval } = choice;
    const currency = chargeCurrencyFor(user, choice.currency);
    const amount = planPrice(planName, currency, interval);
    if (paid) {
      requirePaidSubscription(user, account);
      const sameInterval = (user.billingInterval ?? "month") === interval;
      if (user.subscriptionPlan === planName && sameInterval) {
        return {
          alreadyActive: true,
          planName,
          message:
            user.subscriptionStatus === "pending_cancel" && user.subscriptionEndsAt
              ? `Your ${planLabel(planName)} plan is active until ${longDate(user.subscriptionEndsAt)}. Choose 'Keep Subscription' to continue it.`
              : `You're already on the ${planLabel(planName)} plan.`,
        };
      }
      const current = currentSubscription(ctx, account)!;
      const subscription = await current.provider.changePlan(
        current.id,
        planName,
        interval,
        `plan-change:${current.id}:${planName}:${interval}:${await billingVersion(ctx, user.id)}`,
      );
      await applyProviderSubscription(ctx, current.provider, subscription, { cause: "change-plan" });
      const billed = subscription.interval === "year" ? "yearly" : "monthly";
      return {
        alreadyActive: true,
        planName,
        interval: subscription.interval,
        currency: subscription.currency,
        amount: planPrice(planName, subscription.currency, subscription.interval),
        message: sameInterval
          ? `Your plan has been changed to ${planLabel(planName)}. The difference for the rest of this billing period has been charged or credited.`
          : `Your ${planLabel(planName)} plan is now billed ${billed} (${formatMoney(planPrice(planName, subscription.currency, subscription.interval), subscription.currency)}), from today; the unused part of your last payment has been credited.`,
      };
    }

    // Free or trialing: a new subscription whose first payment the card form confirms.
    const provider = await payments(ctx).current();
    const [open] = await ctx.db
      .select()
      .from(billingCheckouts)
      .where(
        and(
          eq(billingCheckouts.userId, user.id),
          eq(billingCheckouts.plan, planName),
          eq(billingCheckouts.interval, interval),
          eq(billingCheckouts.currency, currency),
          eq(billingCheckouts.provider, provider.key),
          isNull(billingCheckouts.completedAt),
          gt(billingCheckouts.createdAt, new Date(ctx.clock.now().getTime() - OPEN_CHECKOUT_REUSE_MS)),
        ),
      )
      .orderBy(desc(billingCheckouts.createdAt))
      .limit(1);
    if (open) {
      const intent = await provider.getPaymentIntent(open.paymentIntentId).catch(() => undefined);
      if (intent && intent.status !== "succeeded" && intent.status !== "canceled") {
        return {
          clientSecret: open.clientSecret,
          paymentIntentId: open.paymentIntentId,
          planName,
          interval,
          currency,
          amount: open.amount,
        };
      }
    }
    const customerId = await ensureCustomer(ctx, provider, user);
    const checkout = await provider.createCheckoutSubscription(
      { customerId, plan: planName, interval, currency, metadata: { userId: user.id } },
      `checkout:${user.id}:${planName}:${interval}:${currency}:${await billingVersion(ctx, user.id)}`,
    );
    await ctx.db
      .insert(billingCheckouts)
      .values({
        paymentIntentId: checkout.paymentIntentId,
        userId: user.id,
        provider: provider.key,
        subscriptionId: checkout.subscription.id,
        plan: planName,
        interval,
        currency,
        amount,
        clientSecret: checkout.clientSecret,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing();
    await recordOnce(ctx, user.id, `checkout:${checkout.paymentIntentId}`, "checkout.opened", {
      plan: planName,
      subscriptionId: checkout.subscription.id,
    });
    return {
      clientSecret: checkout.clientSecret,
      paymentIntentId: checkout.paymentIntentId,
      planName,
      interval,
      currency,
      amount,
    };
  });
}

export function completeSubscription(ctx: AppContext, userId: string, paymentId: string) {
  return withBillingLock(ctx, userId, async () => {
    if (paymentId.startsWith("seti_")) {
      const [grant] = await ctx.db
        .select()
        .from(trialGrants)
        .where(and(eq(trialGrants.userId, userId), eq(trialGrants.setupIntentId, paymentId)));
      if (!grant) throw notFound("Payment not found");
      return {
        subscriptionId: grant.subscriptionId,
        plan: { name: TRIAL_PLAN },
        planName: TRIAL_PLAN,
        amount: 0,
        currency: BILLING_CURRENCY,
        interval: "month" as const,
        nextBillingDate: null,
        message: TRIAL_WELCOME_MESSAGE,
      };
    }
    const [checkout] = await ctx.db
      .select()
      .from(billingCheckouts)
      .where(and(eq(billingCheckouts.paymentIntentId, paymentId), eq(billingCheckouts.userId, userId)));
    if (!checkout) throw notFound("Payment not found");
    const provider = payments(ctx).byKey(checkout.provider);
    const intent = await provider.getPaymentIntent(paymentId);
    if (intent.status !== "succeeded") {
      throw new AppError(
        402,
        intent.errorMessage ?? "The payment has not been completed.",
        "PAYMENT_NOT_COMPLETED",
      );
    }
    const subscription = await provider.getSubscription(checkout.subscriptionId);
    await applyProviderSubscription(ctx, provider, subscription, { cause: "complete-subscription" });
    if (!checkout.completedAt) {
      await ctx.db
        .update(billingCheckouts)
        .set({ completedAt: ctx.clock.now() })
        .where(eq(billingCheckouts.paymentIntentId, paymentId));
    }
    const plan = checkout.plan as PlanName;
    return {
      subscriptionId: subscription.id,
      plan: { name: plan },
      planName: plan,
      amount: checkout.amount,
      currency: isCurrency(checkout.currency) ? checkout.currency : BILLING_CURRENCY,
      interval: subscription.interval,
      nextBillingDate: subscription.cancelAtPeriodEnd ? null : subscription.currentPeriodEnd.toISOString(),
      message: "Your new plan is now active and ready to use.",
    };
  });
}
