import type { PlanName } from "@shared/constants";
import { subscriptionLimit } from "@shared/rules/plans";
import type { AppContext } from "@server/context";
import type { Transaction } from "@server/db/raw";
import type { UserRow } from "@server/platform/auth/session";
import { pauseSubscriptionsBeyondLimit, resumePausedSubscriptions } from "../subscriptions/service";
import { withBillingLock } from "./lock";
import { changeBillingState, type PlanFields } from "./state";

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
