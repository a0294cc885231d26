import type { SubscriptionDetails } from "@shared/api/billing";
import { PLAN_DISPLAY_NAMES, type PlanName } from "@shared/constants";
import { formatBillingDay, isPaidPlan } from "@shared/rules/billing";
import type { AppContext } from "@server/context";
import type { UserRow } from "@server/platform/auth/session";
import { conflict } from "@server/platform/errors/app-error";
import { listSubscriptions } from "../subscriptions/service";
import { payments } from "./providers";
import type { AccountRow } from "./state";

/* What the plan flows read about the user's current plan, and how they word its dates. */

export const longDate = (date: Date) => formatBillingDay(date);
export const planLabel = (plan: string) => PLAN_DISPLAY_NAMES[plan as PlanName] ?? plan;

/** The user's current provider subscription, when the plan follows one. */
export function currentSubscription(ctx: AppContext, account: AccountRow | undefined) {
  if (!account?.subscriptionId || !account.provider) return undefined;
  return { provider: payments(ctx).byKey(account.provider), id: account.subscriptionId };
}

/** The subscriptions that deliver now (the ones a downgrade to free keeps one of). */
export const runningSubscriptions = async (ctx: AppContext, userId: string) =>
  (await listSubscriptions(ctx, userId)).filter((s) => s.active && s.status === "active");

export async function subscriptionDetails(
  ctx: AppContext,
  userId: string,
  cancellationDate: Date,
  keepSubscriptionId: number | null,
): Promise<SubscriptionDetails> {
  const running = await runningSubscriptions(ctx, userId);
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

/** A plan the user holds through a provider subscription (not one an administrator set by hand). */
export function requirePaidSubscription(user: UserRow, account: AccountRow | undefined): void {
  if (isPaidPlan(user.subscriptionPlan) && !account?.subscriptionId) {
    throw conflict(
      "Your plan was set up by our team, so it can't be changed here. Please contact support.",
      "PLAN_MANAGED_BY_ADMIN",
    );
  }
}
