import { eq } from "drizzle-orm";
import type { ValidateSubscriptionResponse } from "@shared/api/billing";
import { HOUR_MS, type PlanName } from "@shared/constants";
import type { AppContext } from "@server/context";
import { billingAccounts } from "@server/db/schema";
import { currentSubscription } from "./current-plan";
import { withBillingLock } from "./lock";
import { getAccount, loadUser } from "./state";
import { applyProviderSubscription } from "./sync";

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
