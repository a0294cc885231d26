import { and, eq } from "drizzle-orm";
import { FREE_PLAN_SUBSCRIPTIONS } from "@shared/constants";
import { subscriptionLimit } from "@shared/rules/plans";
import type { AppContext } from "@server/context";
import { billingCustomers } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import type { PaymentProvider, SubscriptionInfo } from "@server/platform/payments/provider";
import { pauseSubscriptionsBeyondLimit, resumePausedSubscriptions } from "../subscriptions/service";
import { sendBillingEmail } from "./emails";
import { payments } from "./providers";
import { changeBillingState, getAccount, loadUser, type AccountChange, type PlanFields } from "./state";

const LIVE_STATUSES = ["trialing", "active", "past_due", "unpaid"];
const ENDED_STATUSES = ["canceled", "incomplete_expired"];

export interface SyncOptions {
  /** What made us look (a webhook type, or the route): kept in the audit trail. */
  cause: string;
  /** The user asked for this (cancel trial, cancel now): no "Plan Changed to Free" report afterwards. */
  userInitiated?: boolean;
  /** Why the plan ended, when we know better than the provider (the 7-day suspension). */
  endReason?: { reason: string; contactSuggested: boolean };
  /** The caller's own e-mail tells the learner the plan ended (the refund notice), so no second "plan has ended". */
  endAnnouncedByCaller?: boolean;
}

export async function userIdForCustomer(
  ctx: AppContext,
  provider: PaymentProvider,
  customerId: string,
): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, provider.key), eq(billingCustomers.customerId, customerId)));
  return row?.userId;
}

/**
 * Makes the user's plan follow the provider's subscription as it is now (always re-read, never taken from an
 * event), so replayed and out-of-order events converge on the same state. The caller holds the billing lock.
 */
export async function applyProviderSubscription(
  ctx: AppContext,
  provider: PaymentProvider,
  subscription: SubscriptionInfo,
  options: SyncOptions,
): Promise<void> {
  const userId = await userIdForCustomer(ctx, provider, subscription.customerId);
  if (!userId) {
    ctx.log.warn(
      { subscription: subscription.id, provider: provider.key },
      "subscription of an unknown customer ignored",
    );
    return;
  }
  const user = await loadUser(ctx, userId);
  const account = await getAccount(ctx, userId);
  const isCurrent = account?.subscriptionId === subscription.id && account.provider === provider.key;
  const live = LIVE_STATUSES.includes(subscription.status);
  const accountChange: AccountChange = {};

  if (!isCurrent) {
    if (!live) return; // an old, superseded or never-paid subscription: nothing to follow
    if (account?.subscriptionId && account.provider) {
      const previous = await payments(ctx)
        .byKey(account.provider)
        .getSubscription(account.subscriptionId)
        .catch(() => undefined);
      if (previous && LIVE_STATUSES.includes(previous.status)) {
        const [older, newer] =
          previous.createdAt > subscription.createdAt ? [subscription, previous] : [previous, subscription];
        // Two live subscriptions would bill twice: the newer one (a purchase during a trial, an upgrade) wins.
        await payments(ctx)
          .byKey(older === previous ? account.provider : provider.key)
          .cancelNow(older.id, `supersede:${older.id}`);
        if (newer === previous) return;
      }
    }
    Object.assign(accountChange, {
      provider: provider.key,
      subscriptionId: subscription.id,
      pastDueSince: null,
      keepSubscriptionId: null,
    });
  }

  if (LIVE_STATUSES.includes(subscription.status)) {
    await followLiveSubscription(
      ctx,
      provider,
      user,
      subscription,
      accountChange,
      account?.pastDueSince ?? null,
      options,
    );
  } else if (ENDED_STATUSES.includes(subscription.status)) {
    await endPlan(ctx, provider, user, subscription, account?.keepSubscriptionId ?? null, options);
  }
}

async function followLiveSubscription(
  ctx: AppContext,
  provider: PaymentProvider,
  user: UserRow,
  subscription: SubscriptionInfo,
  accountChange: AccountChange,
  pastDueSince: Date | null,
  options: SyncOptions,
): Promise<void> {
  const trialWasActive = user.trialStatus === "active";
  const periodEnd = subscription.currentPeriodEnd;
  let plan: Partial<PlanFields>;
  if (subscription.status === "trialing") {
    plan = {
      subscriptionPlan: "free",
      subscriptionStatus: null,
      trialStatus: "active",
      trialPlan: subscription.plan,
      trialEndDate: subscription.trialEnd,
      billingInterval: null,
      // A cancelled trial keeps its plan to the trial's end (issue 28): it ends then, and nothing is billed.
      subscriptionEndsAt: subscription.cancelAtPeriodEnd ? subscription.trialEnd : null,
      nextBillingDate: subscription.cancelAtPeriodEnd ? null : subscription.trialEnd,
    };
  } else {
    const pastDue = subscription.status === "past_due" || subscription.status === "unpaid";
    const cancelling = subscription.cancelAtPeriodEnd && !pastDue;
    plan = {
      subscriptionPlan: subscription.plan ?? user.subscriptionPlan,
      subscriptionStatus: pastDue ? "past_due" : cancelling ? "pending_cancel" : "active",
      trialStatus: trialWasActive ? "converted" : user.trialStatus,
      subscriptionEndsAt: cancelling ? periodEnd : null,
      nextBillingDate: cancelling ? null : periodEnd,
      billingInterval: subscription.interval,
      // The first payment's currency stays the customer's (issue 28).
      billingCurrency: user.billingCurrency ?? subscription.currency,
    };
    accountChange.pastDueSince = pastDue ? (pastDueSince ?? ctx.clock.now()) : null;
  }
  const now = ctx.clock.now();
  await changeBillingState(ctx, user.id, {
    plan,
    account: accountChange,
    audit: {
      type: `subscription.${subscription.status}`,
      provider: provider.key,
      objectId: subscription.id,
      details: { cause: options.cause },
    },
    alsoInTransaction: async (tx, _before, after) => {
      const limit = subscriptionLimit(after);
      const paused = await pauseSubscriptionsBeyondLimit(tx, user.id, limit, now);
      const resumed = await resumePausedSubscriptions(tx, user.id, limit, now);
      return { paused, resumed };
    },
  });

  const invoice = subscription.latestInvoice;
  if (invoice?.status === "paid" && invoice.amountPaid > 0) {
    await sendBillingEmail(
      ctx,
      user,
      {
        kind: "receipt",
        plan: subscription.plan ?? user.subscriptionPlan,
        amount: invoice.amountPaid,
        currency: subscription.currency,
        interval: subscription.interval,
        paidAt: invoice.paidAt ?? now,
        nextBillingDate: subscription.cancelAtPeriodEnd ? null : periodEnd,
        invoiceId: invoice.id,
      },
      `receipt:${invoice.id}`,
    );
  }
  if (plan.subscriptionStatus === "past_due" && invoice?.status === "open" && invoice.attempted) {
    await sendBillingEmail(
      ctx,
      user,
      {
        kind: "payment_failed",
        plan: subscription.plan ?? user.subscriptionPlan,
        amount: invoice.amountDue,
        currency: subscription.currency,
      },
      `payment-failed:${invoice.id}`,
    );
  }
}

function endReasonFor(user: UserRow, options: SyncOptions): { reason: string; contactSuggested: boolean } {
  if (options.endReason) return options.endReason;
  if (user.trialStatus === "active" && user.subscriptionEndsAt)
    return { reason: "Your cancelled free trial has ended.", contactSuggested: false };
  if (user.trialStatus === "active")
    return { reason: "Your free trial was cancelled.", contactSuggested: false };
  if (user.subscriptionStatus === "pending_cancel") {
    return {
      reason: "Your subscription was cancelled and ended at the end of its billing period.",
      contactSuggested: false,
    };
  }
  if (user.subscriptionStatus === "past_due") {
    return {
      reason: "Your payment could not be collected, so your subscription ended.",
      contactSuggested: true,
    };
  }
  return { reason: "Your subscription was cancelled.", contactSuggested: true };
}

/** The subscription is over: free plan, one running subscription kept (the chosen one, else the oldest). */
async function endPlan(
  ctx: AppContext,
  provider: PaymentProvider,
  user: UserRow,
  subscription: SubscriptionInfo,
  keepSubscriptionId: number | null,
  options: SyncOptions,
): Promise<void> {
  const wasTrial = user.trialStatus === "active";
  const previousPlan = wasTrial ? (user.trialPlan ?? "premium") : user.subscriptionPlan;
  const { reason, contactSuggested } = endReasonFor(user, options);
  const now = ctx.clock.now();
  const { changed } = await changeBillingState(ctx, user.id, {
    plan: {
      subscriptionPlan: "free",
      subscriptionStatus: null,
      trialStatus: wasTrial ? "cancelled" : user.trialStatus,
      subscriptionEndsAt: null,
      nextBillingDate: null,
      billingInterval: null,
    },
    account: {
      subscriptionId: null,
      pastDueSince: null,
      keepSubscriptionId: null,
      ...(options.userInitiated
        ? {}
        : { downgradeNotice: { previousPlan, downgradeReason: reason, contactSuggested } }),
    },
    audit: {
      type: wasTrial ? "trial.ended" : "plan.ended",
      provider: provider.key,
      objectId: subscription.id,
      details: { cause: options.cause, reason, previousPlan },
    },
    alsoInTransaction: async (tx) => ({
      paused: await pauseSubscriptionsBeyondLimit(
        tx,
        user.id,
        FREE_PLAN_SUBSCRIPTIONS,
        now,
        keepSubscriptionId,
      ),
    }),
  });
  if (changed && !wasTrial && !options.endAnnouncedByCaller) {
    await sendBillingEmail(
      ctx,
      user,
      { kind: "plan_ended", previousPlan, reason },
      `plan-ended:${subscription.id}`,
    );
  }
}
