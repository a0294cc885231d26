import type { User } from "@shared/api/auth";
import { isPaidPlan } from "@shared/rules/billing";

type PlanFields = Pick<User, "subscriptionPlan" | "subscriptionStatus" | "trialStatus">;

/** learner-core §4: the trial promo shows only when the plan is free and there is no trial status. */
export const isTrialEligible = (user: PlanFields): boolean =>
  user.subscriptionPlan === "free" && !user.trialStatus;

export const hasActiveTrial = (user: PlanFields): boolean => user.trialStatus === "active";

/** 'Cancellation Scheduled' (plans-billing §2): pending_cancel or active_until_cancel. */
export const isCancellationScheduled = (user: PlanFields): boolean =>
  isPaidPlan(user.subscriptionPlan) &&
  (user.subscriptionStatus === "pending_cancel" || user.subscriptionStatus === "active_until_cancel");

/** The 'Cancel Subscription' button: a non-free plan with active status. */
export const canCancelSubscription = (user: PlanFields): boolean =>
  isPaidPlan(user.subscriptionPlan) && user.subscriptionStatus === "active";

export const isPastDue = (user: PlanFields): boolean =>
  isPaidPlan(user.subscriptionPlan) && user.subscriptionStatus === "past_due";
