import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type {
  CreatePaymentIntentResponse,
  Plan,
  StripeConfig,
  StripeModeResponse,
  SubscriptionDetails,
  ValidateSubscriptionResponse,
} from "../../../shared/api/billing";
import {
  SETUP_NOT_COMPLETED_MESSAGE,
  TRIAL_CANCELLED_MESSAGE,
  TRIAL_WELCOME_MESSAGE,
} from "../../../shared/api/billing";
import {
  BILLING_CURRENCY,
  BILLING_DATE_LOCALE,
  DAY_MS,
  FREE_PLAN_SUBSCRIPTIONS,
  HOUR_MS,
  PLAN_DISPLAY_NAMES,
  PLAN_PRICES_PENCE,
  PRICE_AFTER_TRIAL_PENCE,
  TRIAL_LENGTH_DAYS,
  TRIAL_PLAN,
  type PlanName,
  type StripeMode,
} from "../../../shared/constants";
import { PLAN_TABLE, isPaidPlan } from "../../../shared/rules/billing";
import { subscriptionLimit } from "../../../shared/rules/plans";
import type { Transaction } from "../../db/raw";
import type { AppContext } from "../../context";
import {
  billingAccounts,
  billingCheckouts,
  billingCustomers,
  billingSettings,
  trialCardFingerprints,
  trialGrants,
} from "../../db/schema";
import type { UserRow } from "../../platform/auth/session";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors/app-error";
import type { PaymentProvider } from "../../platform/payments/provider";
import {
  getOwnSubscription,
  listSubscriptions,
  pauseSubscriptionsBeyondLimit,
  resumePausedSubscriptions,
} from "../subscriptions/service";
import { sendBillingEmail } from "./emails";
import { withBillingLock } from "./lock";
import { recordOnce } from "./once";
import {
  handleSandboxEventsWith,
  payments,
  stripeConfigured,
  stripeKeysFor,
  storedStripeMode,
} from "./providers";
import {
  billingVersion,
  changeBillingState,
  getAccount,
  loadUser,
  type AccountRow,
  type PlanFields,
} from "./state";
import { applyProviderSubscription } from "./sync";
import { handleProviderEvent } from "./webhooks";

export { BILLING_SWEEP_INTERVAL_MS, billingSweepJob, runBillingSweep } from "./sweep";
export { receiveStripeWebhook } from "./webhooks";
export { payments } from "./providers";
export { BILLING_CLOSE_FAILED_MESSAGE, closeBillingThen } from "./account-closure";

handleSandboxEventsWith(handleProviderEvent);

/** An unpaid checkout is offered again (double clicks, a reload) for this long: Stripe expires it after 23 h. */
const OPEN_CHECKOUT_REUSE_MS = 23 * HOUR_MS;

const longDate = (date: Date) =>
  date.toLocaleDateString(BILLING_DATE_LOCALE, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
const planLabel = (plan: string) => PLAN_DISPLAY_NAMES[plan as PlanName] ?? plan;

// ---- Plans and configuration --------------------------------------------------------------------------------

export function listPlans(viewer: UserRow | null): Plan[] {
  return PLAN_TABLE.filter((plan) => !plan.adminOnly || viewer?.isAdmin).map((plan) => ({
    name: plan.name,
    displayName: plan.displayName,
    price: plan.price,
    currency: BILLING_CURRENCY,
    interval: "month",
    features: plan.features,
    popular: plan.popular,
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

/**
 * An administrator sets a user's plan by hand (the admin console's user edit). Only our records change: the
 * payment provider is not called, so no charge, refund or provider subscription change happens, and a provider
 * subscription the user still has may set the plan again on its next event. The change goes through
 * changeBillingState (billing_events type "admin.plan_set"), pausing or resuming subscriptions to fit the new
 * limit; `alsoInTransaction` lets the caller commit its own record (the admin audit) with it.
 */
export function setPlanByAdmin(
  ctx: AppContext,
  admin: Pick<UserRow, "id" | "email">,
  userId: string,
  plan: PlanName,
  alsoInTransaction?: (tx: Transaction, before: UserRow, after: PlanFields) => Promise<void>,
) {
  return withBillingLock(ctx, userId, async () => {
    const now = ctx.clock.now();
    return changeBillingState(ctx, userId, {
      plan: {
        subscriptionPlan: plan,
        subscriptionStatus: plan === "free" ? null : "active",
        subscriptionEndsAt: null,
        ...(plan === "free" ? { nextBillingDate: null } : {}),
      },
      audit: {
        type: "admin.plan_set",
        details: { adminId: admin.id, adminEmail: admin.email, providerTouched: false },
      },
      alsoInTransaction: async (tx, before, after) => {
        const limit = subscriptionLimit(after);
        const paused = await pauseSubscriptionsBeyondLimit(tx, userId, limit, now);
        const resumed = await resumePausedSubscriptions(tx, userId, limit, now);
        await alsoInTransaction?.(tx, before, after);
        return { paused, resumed };
      },
    });
  });
}

// ---- Helpers ------------------------------------------------------------------------------------------------

async function ensureCustomer(ctx: AppContext, provider: PaymentProvider, user: UserRow): Promise<string> {
  const find = async () =>
    (
      await ctx.db
        .select({ customerId: billingCustomers.customerId })
        .from(billingCustomers)
        .where(and(eq(billingCustomers.userId, user.id), eq(billingCustomers.provider, provider.key)))
    )[0]?.customerId;
  const existing = await find();
  if (existing) return existing;
  const customerId = await provider.createCustomer(
    { userId: user.id, email: user.email },
    `customer:${provider.key}:${user.id}`,
  );
  await ctx.db
    .insert(billingCustomers)
    .values({ userId: user.id, provider: provider.key, customerId, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  return (await find()) ?? customerId;
}

async function customerOf(ctx: AppContext, userId: string, providerKey: string): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, providerKey)));
  return row?.customerId;
}

/** The user's current provider subscription, when the plan follows one. */
function currentSubscription(ctx: AppContext, account: AccountRow | undefined) {
  if (!account?.subscriptionId || !account.provider) return undefined;
  return { provider: payments(ctx).byKey(account.provider), id: account.subscriptionId };
}

async function subscriptionDetails(
  ctx: AppContext,
  userId: string,
  cancellationDate: Date,
  keepSubscriptionId: number | null,
): Promise<SubscriptionDetails> {
  const running = (await listSubscriptions(ctx, userId)).filter((s) => s.active && s.status === "active");
  const keep = running.find((s) => s.id === keepSubscriptionId) ?? running[0] ?? null;
  const brief = (s: (typeof running)[number]) => ({
    id: s.id,
    topicId: s.topicId,
    topic: { name: s.topic.name, displayName: s.topic.displayName },
  });
  return {
    cancellationDate: cancellationDate.toISOString(),
    subscriptionToKeep: keep ? brief(keep) : null,
    subscriptionsToLose: running.filter((s) => s !== keep).map(brief),
  };
}

const runningSubscriptions = async (ctx: AppContext, userId: string) =>
  (await listSubscriptions(ctx, userId)).filter((s) => s.active && s.status === "active");

// ---- Trial --------------------------------------------------------------------------------------------------

async function assertTrialAvailable(ctx: AppContext, user: UserRow): Promise<void> {
  const [grant] = await ctx.db.select().from(trialGrants).where(eq(trialGrants.userId, user.id));
  if (grant || user.trialStatus)
    throw conflict("You have already used your free trial.", "TRIAL_ALREADY_USED");
  if (isPaidPlan(user.subscriptionPlan)) {
    throw conflict(
      "The free trial is for the Free plan; you already have a paid plan.",
      "TRIAL_NOT_AVAILABLE",
    );
  }
}

export function startTrial(ctx: AppContext, userId: string) {
  return withBillingLock(ctx, userId, async () => {
    const user = await loadUser(ctx, userId);
    await assertTrialAvailable(ctx, user);
    const provider = await payments(ctx).current();
    const customerId = await ensureCustomer(ctx, provider, user);
    const account = await getAccount(ctx, userId);
    if (account?.pendingSetupIntentId) {
      const pending = await provider.getSetupIntent(account.pendingSetupIntentId).catch(() => undefined);
      if (
        pending &&
        pending.customerId === customerId &&
        pending.status !== "succeeded" &&
        pending.status !== "canceled"
      ) {
        return { clientSecret: pending.clientSecret, setupIntentId: pending.id };
      }
    }
    const intent = await provider.createSetupIntent(
      customerId,
      { userId, purpose: "trial", plan: TRIAL_PLAN },
      `trial-setup:${userId}:${await billingVersion(ctx, userId)}`,
    );
    await changeBillingState(ctx, userId, {
      account: { pendingSetupIntentId: intent.id },
      audit: { type: "trial.setup_started", provider: provider.key, objectId: intent.id },
    });
    return { clientSecret: intent.clientSecret, setupIntentId: intent.id };
  });
}

export function confirmTrial(ctx: AppContext, userId: string, setupIntentId: string) {
  return withBillingLock(ctx, userId, async () => {
    const [grant] = await ctx.db.select().from(trialGrants).where(eq(trialGrants.userId, userId));
    const user = await loadUser(ctx, userId);
    if (grant?.setupIntentId === setupIntentId && user.trialStatus === "active" && user.trialEndDate) {
      return { message: TRIAL_WELCOME_MESSAGE, trialEndDate: user.trialEndDate.toISOString() };
    }
    await assertTrialAvailable(ctx, user);
    const provider = await payments(ctx).current();
    const customerId = await customerOf(ctx, userId, provider.key);
    const intent = customerId
      ? await provider.getSetupIntent(setupIntentId).catch(() => undefined)
      : undefined;
    if (!intent || intent.customerId !== customerId)
      throw notFound("Trial setup not found. Please start the trial again.");
    if (intent.status !== "succeeded" || !intent.paymentMethodId) {
      throw new AppError(400, intent.errorMessage ?? SETUP_NOT_COMPLETED_MESSAGE, "SETUP_NOT_COMPLETED");
    }
    if (intent.cardFingerprint) {
      await ctx.db
        .insert(trialCardFingerprints)
        .values({ fingerprint: intent.cardFingerprint, userId, createdAt: ctx.clock.now() })
        .onConflictDoNothing();
      const [owner] = await ctx.db
        .select()
        .from(trialCardFingerprints)
        .where(eq(trialCardFingerprints.fingerprint, intent.cardFingerprint));
      if (owner && owner.userId !== userId) {
        throw conflict("This card has already been used for a free trial.", "TRIAL_CARD_ALREADY_USED");
      }
    }
    const trialEnd = new Date(ctx.clock.now().getTime() + TRIAL_LENGTH_DAYS * DAY_MS);
    const subscription = await provider.createTrialSubscription(
      {
        customerId: customerId!,
        plan: TRIAL_PLAN,
        paymentMethodId: intent.paymentMethodId,
        trialEnd,
        metadata: { userId },
      },
      `trial-subscription:${intent.id}`,
    );
    await ctx.db
      .insert(trialGrants)
      .values({
        userId,
        provider: provider.key,
        subscriptionId: subscription.id,
        setupIntentId: intent.id,
        startedAt: ctx.clock.now(),
      })
      .onConflictDoNothing();
    await changeBillingState(ctx, userId, {
      account: { pendingSetupIntentId: null },
      audit: { type: "trial.confirmed", provider: provider.key, objectId: intent.id },
    });
    await applyProviderSubscription(ctx, provider, subscription, { cause: "confirm-trial" });
    const trialEndDate = subscription.trialEnd ?? trialEnd;
    await sendBillingEmail(
      ctx,
      user,
      { kind: "trial_started", trialEndDate, priceAfterTrial: PRICE_AFTER_TRIAL_PENCE },
      `trial-started:${userId}`,
    );
    return { message: TRIAL_WELCOME_MESSAGE, trialEndDate: trialEndDate.toISOString() };
  });
}

/** Ends the trial now (the Terms: trial cancellation is immediate); the user is on free at once. */
async function endTrialNow(
  ctx: AppContext,
  userId: string,
  keepSubscriptionId: number | null,
): Promise<void> {
  const account = await getAccount(ctx, userId);
  const current = currentSubscription(ctx, account);
  if (keepSubscriptionId !== null) {
    await changeBillingState(ctx, userId, {
      account: { keepSubscriptionId },
      audit: { type: "downgrade.selection" },
    });
  }
  if (!current) {
    // A trial without a provider subscription (set by hand): nothing to cancel at the provider.
    await changeBillingState(ctx, userId, {
      plan: {
        trialStatus: "cancelled",
        subscriptionPlan: "free",
        subscriptionStatus: null,
        nextBillingDate: null,
      },
      audit: { type: "trial.ended", details: { cause: "cancel-trial" } },
    });
    return;
  }
  const subscription = await current.provider.cancelNow(current.id, `cancel:${current.id}`);
  await applyProviderSubscription(ctx, current.provider, subscription, {
    cause: "cancel-trial",
    userInitiated: true,
  });
}

export function cancelTrial(ctx: AppContext, userId: string) {
  return withBillingLock(ctx, userId, async () => {
    const user = await loadUser(ctx, userId);
    if (user.trialStatus !== "active")
      throw conflict("You don't have an active trial to cancel.", "NO_ACTIVE_TRIAL");
    await endTrialNow(ctx, userId, null);
    return { message: TRIAL_CANCELLED_MESSAGE };
  });
}

// ---- Paid plans ---------------------------------------------------------------------------------------------

/** Schedules the move to free at the period end, remembering which subscription to keep. */
async function scheduleDowngrade(ctx: AppContext, userId: string, keepSubscriptionId: number | null) {
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

async function cancelPaidNow(
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

/** A plan the user holds through a provider subscription (not one an administrator set by hand). */
function requirePaidSubscription(user: UserRow, account: AccountRow | undefined): void {
  if (isPaidPlan(user.subscriptionPlan) && !account?.subscriptionId) {
    throw conflict(
      "Your plan was set up by our team, so it can't be changed here. Please contact support.",
      "PLAN_MANAGED_BY_ADMIN",
    );
  }
}

export function createPaymentIntent(ctx: AppContext, viewer: UserRow, planName: PlanName) {
  return withBillingLock(ctx, viewer.id, async (): Promise<CreatePaymentIntentResponse> => {
    if (planName === "admin_test" && !viewer.isAdmin) {
      throw forbidden("This plan is only available to administrators.", "ADMIN_REQUIRED");
    }
    const user = await loadUser(ctx, viewer.id);
    const account = await getAccount(ctx, user.id);
    const paid = isPaidPlan(user.subscriptionPlan);

    if (planName === "free") {
      if (user.trialStatus === "active") {
        await endTrialNow(ctx, user.id, null);
        return { downgradedToFree: true, planName: "free", message: TRIAL_CANCELLED_MESSAGE };
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

    const amount = PLAN_PRICES_PENCE[planName];
    if (paid) {
      requirePaidSubscription(user, account);
      if (user.subscriptionPlan === planName) {
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
        `plan-change:${current.id}:${planName}:${await billingVersion(ctx, user.id)}`,
      );
      await applyProviderSubscription(ctx, current.provider, subscription, { cause: "change-plan" });
      return {
        alreadyActive: true,
        planName,
        amount,
        message: `Your plan has been changed to ${planLabel(planName)}. The difference for the rest of this billing period has been charged or credited.`,
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
          amount: open.amount,
        };
      }
    }
    const customerId = await ensureCustomer(ctx, provider, user);
    const checkout = await provider.createCheckoutSubscription(
      { customerId, plan: planName, metadata: { userId: user.id } },
      `checkout:${user.id}:${planName}:${await billingVersion(ctx, user.id)}`,
    );
    await ctx.db
      .insert(billingCheckouts)
      .values({
        paymentIntentId: checkout.paymentIntentId,
        userId: user.id,
        provider: provider.key,
        subscriptionId: checkout.subscription.id,
        plan: planName,
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
      currency: BILLING_CURRENCY,
      message: "Your new plan is now active and ready to use.",
    };
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
      await endTrialNow(ctx, userId, selectedSubscriptionId);
      return { message: TRIAL_CANCELLED_MESSAGE };
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

export async function createCustomerPortal(ctx: AppContext, userId: string): Promise<{ url: string }> {
  const account = await getAccount(ctx, userId);
  const providerKey = account?.provider ?? (await payments(ctx).current()).key;
  const customerId = await customerOf(ctx, userId, providerKey);
  if (!customerId) {
    throw conflict("You don't have a billing account yet. Choose a plan first.", "NO_BILLING_ACCOUNT");
  }
  const url = await payments(ctx)
    .byKey(providerKey)
    .portalUrl(customerId, `${ctx.config.appUrl}/settings?tab=plan`);
  return { url };
}

/**
 * Reports (once) a downgrade the user did not choose. It also re-reads the subscription when the stored dates
 * say something should have happened by now, in case a webhook never arrived.
 */
export async function validateSubscription(
  ctx: AppContext,
  userId: string,
): Promise<ValidateSubscriptionResponse> {
  const user = await loadUser(ctx, userId);
  const account = await getAccount(ctx, userId);
  const now = ctx.clock.now().getTime();
  const overdue = [
    user.nextBillingDate,
    user.subscriptionEndsAt,
    user.trialStatus === "active" ? user.trialEndDate : null,
  ].some((date) => date !== null && date.getTime() + HOUR_MS < now);
  const current = currentSubscription(ctx, account);
  if (overdue && current) {
    await withBillingLock(ctx, userId, async () =>
      applyProviderSubscription(ctx, current.provider, await current.provider.getSubscription(current.id), {
        cause: "validate-subscription",
      }),
    ).catch((error: unknown) => ctx.log.warn({ err: error, userId }, "subscription re-check failed"));
  }
  const { notice, scheduleNotice } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, userId))
      .for("update");
    if (row?.downgradeNotice || row?.scheduleNotice)
      await tx
        .update(billingAccounts)
        .set({ downgradeNotice: null, scheduleNotice: null })
        .where(eq(billingAccounts.userId, userId));
    return { notice: row?.downgradeNotice ?? null, scheduleNotice: row?.scheduleNotice ?? [] };
  });
  return {
    ...(notice
      ? {
          wasDowngraded: true,
          previousPlan: (notice.previousPlan as PlanName) ?? null,
          downgradeReason: notice.downgradeReason,
          contactSuggested: notice.contactSuggested,
        }
      : { wasDowngraded: false, previousPlan: null, downgradeReason: null, contactSuggested: false }),
    frequencyChanges: scheduleNotice,
  };
}
