import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "@server/context";
import { billingCheckouts } from "@server/db/schema";
import { AppError } from "@server/platform/errors/app-error";
import { withBillingLock } from "./lock";
import { payments } from "./providers";
import { getAccount } from "./state";

/** Provider statuses after which nothing is billed any more. */
const ENDED = ["canceled", "incomplete_expired"];

export const BILLING_CLOSE_FAILED_MESSAGE =
  "We couldn't cancel your paid plan with our payment provider, so your account was not deleted. Please try again in a few minutes.";

/**
 * Closing an account: every provider subscription the user could still be charged for (the plan or trial, and
 * any checkout left unpaid) is cancelled at once, then `removeUser` runs, all under the user's billing lock. A
 * provider event arriving meanwhile waits for the lock and then finds no customer row, so it is ignored and no
 * billing e-mail goes to a closed account. If the provider cannot be reached nothing is deleted (502).
 */
export function closeBillingThen<T>(
  ctx: AppContext,
  userId: string,
  removeUser: () => Promise<T>,
): Promise<T> {
  return withBillingLock(ctx, userId, async () => {
    const registry = payments(ctx);
    const account = await getAccount(ctx, userId);
    const open = await ctx.db
      .select({ provider: billingCheckouts.provider, subscriptionId: billingCheckouts.subscriptionId })
      .from(billingCheckouts)
      .where(and(eq(billingCheckouts.userId, userId), isNull(billingCheckouts.completedAt)));
    const targets = new Map<string, string>(open.map((row) => [row.subscriptionId, row.provider]));
    if (account?.subscriptionId && account.provider) targets.set(account.subscriptionId, account.provider);
    try {
      for (const [subscriptionId, providerKey] of targets) {
        const provider = registry.byKey(providerKey);
        const subscription = await provider.getSubscription(subscriptionId);
        if (ENDED.includes(subscription.status)) continue;
        await provider.cancelNow(subscriptionId, `close-account:${subscriptionId}`);
        ctx.log.info(
          { userId, subscriptionId, provider: providerKey },
          "subscription cancelled: account closed",
        );
      }
    } catch (error) {
      ctx.log.error({ err: error, userId }, "cancelling billing for account deletion failed");
      throw new AppError(502, BILLING_CLOSE_FAILED_MESSAGE, "BILLING_CANCEL_FAILED");
    }
    return removeUser();
  });
}
