import { and, eq, gt, isNotNull, isNull, lte, type SQL } from "drizzle-orm";
import {
  DAY_MS,
  MINUTE_MS,
  PAST_DUE_DOWNGRADE_DAYS,
  PRICE_AFTER_TRIAL_PENCE,
  TRIAL_ENDING_NOTICE_DAYS,
} from "@shared/constants";
import type { AppContext } from "@server/context";
import type { JobDefinition } from "@server/platform/jobs/job-loop";
import { billingAccounts, billingCustomers, users } from "@server/db/schema";
import { sendBillingEmail } from "./emails";
import { withBillingLock } from "./lock";
import { payments, stripeConfigured } from "./providers";
import { changeBillingState } from "./state";
import { applyProviderSubscription } from "./sync";

/** How often the job loop runs the sweep. */
export const BILLING_SWEEP_INTERVAL_MS = MINUTE_MS;

export interface BillingSweepResult {
  trialEndingNotices: number;
  suspendedForNonPayment: number;
  /** Sandbox subscriptions set to end at their period's end because Stripe keys are now configured. */
  sandboxSubscriptionsEnding: number;
}

export const SUSPENSION_REASON =
  "Your payment failed and was not completed within 7 days, so your account returned to the Free plan.";

/**
 * Time-based billing, driven by ctx.clock: the sandbox's trial ends and renewals (Stripe runs its own), the
 * "trial ending" e-mail 2 days before a trial converts, and the Terms' suspension of accounts past due for 7
 * days. Safe to run often and on several instances: every step is idempotent.
 */
export async function runBillingSweep(
  ctx: AppContext,
  options: { onlyUserId?: string } = {},
): Promise<BillingSweepResult> {
  const registry = payments(ctx);
  const { onlyUserId } = options;
  const [sandboxCustomer] = await ctx.db
    .select({ userId: billingCustomers.userId, customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(
      onlyUserId === undefined
        ? eq(billingCustomers.provider, "sandbox")
        : and(eq(billingCustomers.provider, "sandbox"), eq(billingCustomers.userId, onlyUserId)),
    )
    .limit(1);
  if (sandboxCustomer) {
    await registry
      .sandbox()
      .advance(onlyUserId === undefined ? {} : { onlyCustomerId: sandboxCustomer.customerId });
    await registry.flushSandboxEvents();
  }
  const forUser = onlyUserId === undefined ? undefined : eq(users.id, onlyUserId);

  const now = ctx.clock.now();
  const result: BillingSweepResult = {
    trialEndingNotices: 0,
    suspendedForNonPayment: 0,
    sandboxSubscriptionsEnding: 0,
  };
  if (sandboxCustomer && stripeConfigured(ctx))
    result.sandboxSubscriptionsEnding = await endSandboxSubscriptions(ctx, forUser);

  const endingSoon = await ctx.db
    .select({ user: users, noticeFor: billingAccounts.trialEndingNoticeFor })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(
      and(
        eq(users.trialStatus, "active"),
        // A cancelled trial will not be charged: its cancellation e-mail already said when it ends.
        isNull(users.subscriptionEndsAt),
        gt(users.trialEndDate, now),
        lte(users.trialEndDate, new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * DAY_MS)),
        forUser,
      ),
    );
  for (const { user, noticeFor } of endingSoon) {
    const trialEndDate = user.trialEndDate!;
    if (noticeFor?.getTime() === trialEndDate.getTime()) continue;
    await changeBillingState(ctx, user.id, {
      account: { trialEndingNoticeFor: trialEndDate },
      audit: { type: "trial.ending_notice" },
    });
    await sendBillingEmail(
      ctx,
      user,
      { kind: "trial_ending", trialEndDate, priceAfterTrial: PRICE_AFTER_TRIAL_PENCE },
      `trial-ending:${user.id}:${trialEndDate.toISOString()}`,
    );
    result.trialEndingNotices += 1;
  }

  const overdue = await ctx.db
    .select({ account: billingAccounts })
    .from(billingAccounts)
    .innerJoin(users, eq(users.id, billingAccounts.userId))
    .where(
      and(
        eq(users.subscriptionStatus, "past_due"),
        isNotNull(billingAccounts.subscriptionId),
        lte(billingAccounts.pastDueSince, new Date(now.getTime() - PAST_DUE_DOWNGRADE_DAYS * DAY_MS)),
        forUser,
      ),
    );
  for (const { account } of overdue) {
    const provider = registry.byKey(account.provider!);
    const subscriptionId = account.subscriptionId!;
    try {
      await withBillingLock(ctx, account.userId, async () => {
        const subscription = await provider.cancelNow(subscriptionId, `suspend:${subscriptionId}`);
        await applyProviderSubscription(ctx, provider, subscription, {
          cause: "suspension",
          endReason: { reason: SUSPENSION_REASON, contactSuggested: true },
        });
      });
      result.suspendedForNonPayment += 1;
    } catch (error) {
      ctx.log.error(
        { err: error, userId: account.userId },
        "suspension for non-payment failed; retried next sweep",
      );
    }
  }
  if (sandboxCustomer) await registry.flushSandboxEvents();
  return result;
}

/**
 * Once Stripe keys are configured, the sandbox stops being a way to hold a paid plan: its subscriptions (test
 * cards, no money) are not moved to Stripe, since no real card stands behind them. Each is set to end at the
 * end of the period already "paid" in test mode (a sandbox trial ends at its trial end without converting); the
 * usual plan-ended path then returns the user to Free, and they can subscribe again through Stripe.
 */
async function endSandboxSubscriptions(ctx: AppContext, forUser: SQL | undefined): Promise<number> {
  const registry = payments(ctx);
  const sandbox = registry.byKey("sandbox");
  const accounts = await ctx.db
    .select({ userId: billingAccounts.userId, subscriptionId: billingAccounts.subscriptionId })
    .from(billingAccounts)
    .innerJoin(users, eq(users.id, billingAccounts.userId))
    .where(
      and(
        eq(billingAccounts.provider, "sandbox"),
        isNotNull(billingAccounts.subscriptionId),
        isNull(users.subscriptionEndsAt),
        forUser,
      ),
    );
  let ending = 0;
  for (const { userId, subscriptionId } of accounts) {
    try {
      await withBillingLock(ctx, userId, async () => {
        const current = await sandbox.getSubscription(subscriptionId!);
        if (current.cancelAtPeriodEnd || current.status === "canceled") return;
        const subscription = await sandbox.setCancelAtPeriodEnd(
          subscriptionId!,
          true,
          `sandbox-retired:${subscriptionId}`,
        );
        await applyProviderSubscription(ctx, sandbox, subscription, { cause: "sandbox-retired" });
        ending += 1;
      });
    } catch (error) {
      ctx.log.error({ err: error, userId }, "ending a sandbox subscription failed; retried next sweep");
    }
  }
  await registry.flushSandboxEvents();
  return ending;
}

/** The sweep as a background job. Every step is idempotent, so instances need not take turns. */
export const billingSweepJob: JobDefinition = {
  name: "billing-sweep",
  intervalMs: BILLING_SWEEP_INTERVAL_MS,
  run: async (ctx) => ({ ...(await runBillingSweep(ctx)) }),
};
