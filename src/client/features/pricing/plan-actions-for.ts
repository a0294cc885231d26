import type { User } from "@shared/api/auth";
import type { Plan } from "@shared/api/billing";
import { TRIAL_PLAN, type BillingInterval, type PlanName } from "@shared/constants";
import { endsOnText, planStateOf, trialDaysLeftText } from "@shared/rules/plans";
import { isTrialEligible } from "../billing";
import type { PlanCardAction } from "./plan-card";

/**
 * plans-billing §2 card buttons: 'Current Plan' (disabled), 'Get Started' (free), 'Upgrade Now',
 * 'Processing...' while its request runs; a free user with no trial gets 'Start 7-Day Free Trial' and
 * 'Buy Now' on the premium card. A trialing user is on the trial's plan (issue 17): that card reads 'Current plan ·
 * trial, N days left', and Free offers 'Switch to Free' (which cancels the trial at its end).
 */
export function planActionsFor(
  plan: Plan,
  user: User | null,
  interval: BillingInterval,
  handlers: { pendingPlan: PlanName | null; choose: (plan: PlanName) => void; startTrial: () => void },
  now: Date = new Date(),
): PlanCardAction[] {
  const choose = () => handlers.choose(plan.name);
  if (handlers.pendingPlan === plan.name) {
    return [{ label: "Processing...", onClick: () => undefined, busy: true }];
  }
  const state = user ? planStateOf(user, now) : null;
  const billedOtherwise = user?.billingInterval && user.billingInterval !== interval;
  if (state?.plan === plan.name && !state.trial && billedOtherwise) {
    return [{ label: `Switch to ${interval === "year" ? "yearly" : "monthly"} billing`, onClick: choose }];
  }
  if (state?.plan === plan.name) {
    const label = !state.trial
      ? "Current Plan"
      : `Current plan · trial, ${state.endsAt ? endsOnText(state.endsAt) : trialDaysLeftText(state.trial.daysLeft)}`;
    return [{ label, onClick: choose, inert: true, variant: "outline" }];
  }
  if (plan.name === "free") {
    if (state?.trial?.cancelled)
      return [{ label: "Free when the trial ends", onClick: choose, inert: true, variant: "outline" }];
    return [{ label: state?.trial ? "Switch to Free" : "Get Started", onClick: choose, variant: "outline" }];
  }
  if (user && plan.name === TRIAL_PLAN && isTrialEligible(user)) {
    return [
      { label: "Start 7-Day Free Trial", onClick: handlers.startTrial },
      { label: "Buy Now", onClick: choose, variant: "outline" },
    ];
  }
  return [{ label: "Upgrade Now", onClick: choose, variant: plan.popular ? "default" : "outline" }];
}
