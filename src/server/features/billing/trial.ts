import { eq } from "drizzle-orm";
import {
  SETUP_NOT_COMPLETED_MESSAGE,
  TRIAL_CANCELLED_MESSAGE,
  TRIAL_WELCOME_MESSAGE,
  trialCancelledMessage,
} from "@shared/api/billing";
import { DAY_MS, PRICE_AFTER_TRIAL_PENCE, TRIAL_LENGTH_DAYS, TRIAL_PLAN } from "@shared/constants";
import { isPaidPlan } from "@shared/rules/billing";
import type { AppContext } from "@server/context";
import { trialCardFingerprints, trialGrants } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { AppError, conflict, notFound } from "@server/platform/errors/app-error";
import { currentSubscription } from "./current-plan";
import { customerOf, ensureCustomer } from "./customers";
import { sendBillingEmail } from "./emails";
import { withBillingLock } from "./lock";
import { payments } from "./providers";
import { billingVersion, changeBillingState, getAccount, loadUser } from "./state";
import { applyProviderSubscription } from "./sync";

/* The free trial: a card set up, a trialing subscription, and its cancellation at the trial's end. */

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
      // The consumed intent in the key: after a card is refused, the learner's next card gets a fresh intent (a
      // succeeded one cannot take another card), while a retried request still gets the same one.
      `trial-setup:${userId}:${await billingVersion(ctx, userId)}:${account?.pendingSetupIntentId ?? "first"}`,
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

/**
 * Cancels the trial at its end (issue 28): the trial's plan stays until the trial end date, as a paid plan stays
 * to its period's end, and then the account moves to Free without a charge. A trial without a provider
 * subscription (set by hand) has nothing to wait for and ends at once.
 */
export async function cancelTrialAtItsEnd(
  ctx: AppContext,
  user: UserRow,
  keepSubscriptionId: number | null,
): Promise<string> {
  const account = await getAccount(ctx, user.id);
  const current = currentSubscription(ctx, account);
  if (keepSubscriptionId !== null) {
    await changeBillingState(ctx, user.id, {
      account: { keepSubscriptionId },
      audit: { type: "downgrade.selection" },
    });
  }
  if (!current) {
    await changeBillingState(ctx, user.id, {
      plan: {
        trialStatus: "cancelled",
        subscriptionPlan: "free",
        subscriptionStatus: null,
        nextBillingDate: null,
      },
      audit: { type: "trial.ended", details: { cause: "cancel-trial" } },
    });
    return TRIAL_CANCELLED_MESSAGE;
  }
  const subscription = await current.provider.setCancelAtPeriodEnd(
    current.id,
    true,
    `cancel-trial:${current.id}:${await billingVersion(ctx, user.id)}`,
  );
  await applyProviderSubscription(ctx, current.provider, subscription, { cause: "cancel-trial" });
  const trialEndDate = subscription.trialEnd ?? user.trialEndDate ?? ctx.clock.now();
  await sendBillingEmail(
    ctx,
    user,
    { kind: "trial_cancelled", trialEndDate, plan: user.trialPlan ?? TRIAL_PLAN },
    `trial-cancelled:${subscription.id}`,
  );
  return trialCancelledMessage(trialEndDate);
}

export function cancelTrial(ctx: AppContext, userId: string) {
  return withBillingLock(ctx, userId, async () => {
    const user = await loadUser(ctx, userId);
    if (user.trialStatus !== "active" || user.subscriptionEndsAt)
      throw conflict("You don't have an active trial to cancel.", "NO_ACTIVE_TRIAL");
    return { message: await cancelTrialAtItsEnd(ctx, user, null) };
  });
}
