import type { User } from "../../../shared/api/auth";
import type { Plan } from "../../../shared/api/billing";
import { TRIAL_PLAN, type PlanName } from "../../../shared/constants";
import { isTrialEligible } from "../billing";
import type { PlanCardAction } from "./plan-card";

/**
 * plans-billing §2 card buttons: 'Current Plan' (disabled), 'Get Started' (free), 'Upgrade Now',
 * 'Processing...' while its request runs; a free user with no trial gets 'Start 7-Day Free Trial' and
 * 'Buy Now' on the premium card.
 */
export function planActionsFor(
  plan: Plan,
  user: User | null,
  handlers: { pendingPlan: PlanName | null; choose: (plan: PlanName) => void; startTrial: () => void },
): PlanCardAction[] {
  const choose = () => handlers.choose(plan.name);
  if (handlers.pendingPlan === plan.name) {
    return [{ label: "Processing...", onClick: () => undefined, busy: true }];
  }
  if (user && user.subscriptionPlan === plan.name) {
    return [{ label: "Current Plan", onClick: choose, inert: true, variant: "outline" }];
  }
  if (plan.name === "free") return [{ label: "Get Started", onClick: choose, variant: "outline" }];
  if (user && plan.name === TRIAL_PLAN && isTrialEligible(user)) {
    return [
      { label: "Start 7-Day Free Trial", onClick: handlers.startTrial },
      { label: "Buy Now", onClick: choose, variant: "outline" },
    ];
  }
  return [{ label: "Upgrade Now", onClick: choose, variant: plan.popular ? "default" : "outline" }];
}
