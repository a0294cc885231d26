import { FREE_PLAN_SUBSCRIPTIONS } from "@shared/constants";
import { isPaidPlan } from "@shared/rules/billing";
import type { AppContext } from "@server/context";
import { conflict } from "@server/platform/errors/app-error";
import { getOwnSubscription, pauseSubscriptionsBeyondLimit } from "../subscriptions/service";
import { currentSubscription, longDate, requirePaidSubscription, subscriptionDetails } from "./current-plan";
import { withBillingLock } from "./lock";
import { billingVersion, changeBillingState, getAccount, loadUser } from "./state";
import { applyProviderSubscription } from "./sync";
import { cancelTrialAtItsEnd } from "./trial";

/* Leaving a paid plan: at the period end (with the subscription to keep), at once, or not after all. */

/** Schedules the move to free at the period end, remembering which subscription to keep. */
export async function scheduleDowngrade(ctx: AppContext, userId: string, keepSubscriptionId: number | null) {
  const account = await getAccount(ctx, userId);
  const current = currentSubscription(ctx, account)!;
  await changeBillingState(ctx, userId, {
    account: { keepSubscriptionId },
    audit: { type: "downgrade.selection", details: { keepSubscriptionId } },
  });
  const subscription = await current.provider.setCancelAtPeriodEnd(
    current.id,
    true,
    `cancel-at-period-end:${current.id}:${await billingVersion(ctx, userId)}`,
  );
  await applyProviderSubscription(ctx, current.provider, subscription, { cause: "cancel-subscription" });
  return {
    cancellationDate: subscription.currentPeriodEnd,
    details: await subscriptionDetails(ctx, userId, subscription.currentPeriodEnd, keepSubscriptionId),
  };
}

export async function cancelPaidNow(
  ctx: AppContext,
  userId: string,
  keepSubscriptionId: number | null,
): Promise<void> {
  const account = await getAccount(ctx, userId);
  const current = currentSubscription(ctx, account)!;
  await changeBillingState(ctx, userId, {
    account: { keepSubscriptionId },
    audit: { type: "downgrade.selection" },
  });
  const subscription = await current.provider.cancelNow(current.id, `cancel:${current.id}`);
  await applyProviderSubscription(ctx, current.provider, subscription, {
    cause: "cancel-now",
    userInitiated: true,
  });
}

export function cancelSubscription(ctx: AppContext, userId: string) {
  return withBillingLock(ctx, userId, async () => {
    const user = await loadUser(ctx, userId);
    const account = await getAccount(ctx, userId);
    if (!isPaidPlan(user.subscriptionPlan)) {
      throw conflict(
        user.trialStatus === "active"
          ? "You're on a free trial. Cancel the trial instead."
          : "You don't have a paid subscription to cancel.",
        "NO_SUBSCRIPTION",
      );
    }
    requirePaidSubscription(user, account);
    if (user.subscriptionStatus === "pending_cancel" && user.subscriptionEndsAt) {
      return {
        alreadyScheduled: true,
        subscriptionDetails: await subscriptionDetails(
          ctx,
          userId,
          user.subscriptionEndsAt,
          account?.keepSubscriptionId ?? null,
        ),
        message: `Your subscription is already scheduled to end on ${longDate(user.subscriptionEndsAt)}.`,
      };
    }
    if (user.subscriptionStatus === "past_due") {
      await cancelPaidNow(ctx, userId, null);
      return {
        alreadyScheduled: false,
        message: "Your subscription has been cancelled and your account is now on the Free plan.",
      };
    }
    const { cancellationDate, details } = await scheduleDowngrade(
      ctx,
      userId,
      account?.keepSubscriptionId ?? null,
    );
    return {
      alreadyScheduled: false,
      subscriptionDetails: details,
      message: `Your subscription will end on ${longDate(cancellationDate)}. You'll keep access to your plan until then.`,
    };
  });
}

export function downgradeWithSelection(ctx: AppContext, userId: string, selectedSubscriptionId: number) {
  return withBillingLock(ctx, userId, async () => {
    await getOwnSubscription(ctx, userId, selectedSubscriptionId);
    const user = await loadUser(ctx, userId);
    const account = await getAccount(ctx, userId);
    if (user.trialStatus === "active") {
      return { message: await cancelTrialAtItsEnd(ctx, user, selectedSubscriptionId) };
    }
    if (!isPaidPlan(user.subscriptionPlan)) {
      await changeBillingState(ctx, userId, {
        account: { keepSubscriptionId: null },
        audit: { type: "downgrade.selection", details: { keepSubscriptionId: selectedSubscriptionId } },
        alsoInTransaction: async (tx) => ({
          paused: await pauseSubscriptionsBeyondLimit(
            tx,
            userId,
            FREE_PLAN_SUBSCRIPTIONS,
            ctx.clock.now(),
            selectedSubscriptionId,
          ),
        }),
      });
      return { message: "You're on the Free plan; your other subscriptions are paused." };
    }
    requirePaidSubscription(user, account);
    if (user.subscriptionStatus === "past_due") {
      await cancelPaidNow(ctx, userId, selectedSubscriptionId);
      return { message: "You're now on the Free plan; your other subscriptions are paused." };
    }
    const { cancellationDate, details } = await scheduleDowngrade(ctx, userId, selectedSubscriptionId);
    return {
      message: `Your plan will change to Free on ${longDate(cancellationDate)}. ${details.subscriptionToKeep?.topic.displayName ?? "Your chosen subscription"} keeps running; the others will be paused and can be reactivated when you upgrade.`,
      subscriptionDetails: details,
    };
  });
}

export function reactivateSubscription(ctx: AppContext, userId: string) {
  return withBillingLock(ctx, userId, async () => {
    const user = await loadUser(ctx, userId);
    const account = await getAccount(ctx, userId);
    if (user.trialStatus === "active" && user.subscriptionEndsAt) return keepTrial(ctx, userId, account);
    if (user.subscriptionStatus !== "pending_cancel") {
      throw conflict("Your subscription is not scheduled for cancellation.", "NOT_PENDING_CANCEL");
    }
    requirePaidSubscription(user, account);
    const current = currentSubscription(ctx, account)!;
    await changeBillingState(ctx, userId, {
      account: { keepSubscriptionId: null },
      audit: { type: "reactivate.requested" },
    });
    const subscription = await current.provider.setCancelAtPeriodEnd(
      current.id,
      false,
      `reactivate:${current.id}:${await billingVersion(ctx, userId)}`,
    );
    await applyProviderSubscription(ctx, current.provider, subscription, {
      cause: "reactivate-subscription",
    });
    return { message: "Your subscription has been reactivated." };
  });
}

/** 'Keep Trial': a cancelled trial converts at its end after all (issue 28: cancelling is no longer final). */
async function keepTrial(ctx: AppContext, userId: string, account: Awaited<ReturnType<typeof getAccount>>) {
  const current = currentSubscription(ctx, account);
  if (!current) throw conflict("Your trial is not scheduled to end.", "NOT_PENDING_CANCEL");
  const subscription = await current.provider.setCancelAtPeriodEnd(
    current.id,
    false,
    `keep-trial:${current.id}:${await billingVersion(ctx, userId)}`,
  );
  await applyProviderSubscription(ctx, current.provider, subscription, { cause: "keep-trial" });
  return { message: "Your trial continues and converts at its end as planned." };
}
