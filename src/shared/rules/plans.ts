import {
  BASIC_PLAN_SUBSCRIPTIONS,
  FREE_PLAN_SUBSCRIPTIONS,
  PLAN_DISPLAY_NAMES,
  PLAN_NAMES,
  PREMIUM_FREQUENCIES,
  UPGRADE_OPTION_PRICES,
  type Frequency,
  type PlanName,
} from "../constants";
import { FREQUENCY_LABELS } from "./frequencies";

/** The two user fields the plan rules read. */
export interface PlanHolder {
  subscriptionPlan: string;
  trialStatus: string | null;
}

export interface UpgradeOption {
  name: "basic" | "premium" | "pro";
  displayName: string;
  /** Cents per month (learner-core §9). */
  price: number;
}

export type PlanRuleCode = "SUBSCRIPTION_LIMIT_REACHED" | "FREQUENCY_NOT_ALLOWED" | "CHANNEL_NOT_ALLOWED";

export interface PlanRuleViolation {
  code: PlanRuleCode;
  message: string;
  currentPlan: PlanName;
  upgradeOptions: UpgradeOption[];
}

export const planOf = (user: PlanHolder): PlanName =>
  (PLAN_NAMES as readonly string[]).includes(user.subscriptionPlan)
    ? (user.subscriptionPlan as PlanName)
    : "free";

export const hasActiveTrial = (user: PlanHolder): boolean => user.trialStatus === "active";

/** How many active subscriptions the user may hold; null means no limit. */
export function subscriptionLimit(user: PlanHolder): number | null {
  if (hasActiveTrial(user)) return null;
  switch (planOf(user)) {
    case "free":
      return FREE_PLAN_SUBSCRIPTIONS;
    case "basic":
      return BASIC_PLAN_SUBSCRIPTIONS;
    default:
      return null;
  }
}

/** The starred frequencies need a paid plan or an active trial. */
export const allowsFrequency = (user: PlanHolder, frequency: Frequency): boolean =>
  !PREMIUM_FREQUENCIES.includes(frequency) || planOf(user) !== "free" || hasActiveTrial(user);

/** Every text message costs us money, so SMS needs a paid plan or an active trial (push, like in-app, is free). */
export const allowsSms = (user: PlanHolder): boolean => planOf(user) !== "free" || hasActiveTrial(user);

export const SMS_NOT_ALLOWED_MESSAGE = "SMS delivery needs a paid plan or a free trial.";

const UPGRADE_PATH: Record<PlanName, UpgradeOption["name"][]> = {
  free: ["basic", "premium", "pro"],
  basic: ["premium", "pro"],
  premium: ["pro"],
  pro: [],
  admin_test: [],
};

export const upgradeOptionsFor = (plan: PlanName): UpgradeOption[] =>
  UPGRADE_PATH[plan].map((name) => ({
    name,
    displayName: PLAN_DISPLAY_NAMES[name],
    price: UPGRADE_OPTION_PRICES[name],
  }));

/**
 * Whether the user may hold one more active subscription (when `adding`) with this frequency (and SMS, when
 * `smsEnabled`); null when allowed, else the reason the server answers 403 with and the client shows.
 */
export function checkPlanAllows(
  user: PlanHolder,
  request: { frequency: Frequency; activeSubscriptions: number; adding: boolean; smsEnabled?: boolean },
): PlanRuleViolation | null {
  const currentPlan = planOf(user);
  const upgradeOptions = upgradeOptionsFor(currentPlan);
  const limit = subscriptionLimit(user);
  if (request.adding && limit !== null && request.activeSubscriptions >= limit) {
    const plural = limit === 1 ? "subscription" : "subscriptions";
    return {
      code: "SUBSCRIPTION_LIMIT_REACHED",
      message: `Your ${PLAN_DISPLAY_NAMES[currentPlan]} plan allows ${limit} active ${plural}. Upgrade your plan to add more.`,
      currentPlan,
      upgradeOptions,
    };
  }
  if (!allowsFrequency(user, request.frequency)) {
    return {
      code: "FREQUENCY_NOT_ALLOWED",
      message: `${FREQUENCY_LABELS[request.frequency]} delivery needs a paid plan or a free trial.`,
      currentPlan,
      upgradeOptions,
    };
  }
  if (request.smsEnabled && !allowsSms(user)) {
    return { code: "CHANNEL_NOT_ALLOWED", message: SMS_NOT_ALLOWED_MESSAGE, currentPlan, upgradeOptions };
  }
  return null;
}
