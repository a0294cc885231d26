import {
  BASIC_PLAN_SUBSCRIPTIONS,
  DAY_MS,
  FREE_PLAN_SUBSCRIPTIONS,
  PLAN_DISPLAY_NAMES,
  PLAN_NAMES,
  PLAN_PRICES_PENCE,
  PREMIUM_FREQUENCIES,
  TRIAL_PLAN,
  UPGRADE_OPTION_PRICES,
  WORDS_PER_SEND_MAX_BY_PLAN,
  type Frequency,
  type PlanName,
} from "../constants";
import { channelDeclaration, type ChannelDeclaration, type ChannelName } from "../channels";
import { formatBillingDay, formatPlanPrice } from "./billing";
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

export type PlanRuleCode =
  | "SUBSCRIPTION_LIMIT_REACHED"
  | "FREQUENCY_NOT_ALLOWED"
  | "CHANNEL_NOT_ALLOWED"
  | "WORDS_PER_SEND_NOT_ALLOWED";

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

/** The plan fields that say which plan a user is on right now, trial included. */
export interface PlanStateHolder extends PlanHolder {
  trialPlan?: string | null;
  trialEndDate?: string | Date | null;
  subscriptionStatus?: string | null;
  subscriptionEndsAt?: string | Date | null;
}

export interface PlanState {
  /** The plan the user enjoys now: the trial's plan during an active trial, else the stored plan. */
  plan: PlanName;
  /** Set during an active trial; `cancelled` when it ends at its end date instead of converting. */
  trial: { endsAt: Date | null; daysLeft: number; cancelled: boolean } | null;
  /** When the plan enjoyed now stops (a cancelled trial, a scheduled cancellation); null while it carries on. */
  endsAt: Date | null;
  /** What every screen calls it: 'Premium (trial)', 'Basic', 'Free'. */
  label: string;
}

const validDate = (value: string | Date | null | undefined): Date | null => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** Whole days left, counted up (1.2 days is 2), never below 0; with no end date, 0. */
export function trialDaysLeft(endsAt: Date | null, now: Date): number {
  if (!endsAt) return 0;
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

/**
 * The one place that decides which plan a user is shown as on (issue 17): a trialing user is on the trial's plan
 * (Premium), everywhere: the plans page, the navigation, the header chip, the admin's Users tab and the dashboard.
 */
export function planStateOf(user: PlanStateHolder, now: Date): PlanState {
  const plan = effectivePlanOf(user);
  const scheduledEnd = validDate(user.subscriptionEndsAt);
  if (hasActiveTrial(user)) {
    const endsAt = validDate(user.trialEndDate);
    // Billing's state machine: a cancelled trial keeps `subscriptionEndsAt` = its end date (issue 28).
    const cancelled = scheduledEnd !== null;
    return {
      plan,
      trial: { endsAt, daysLeft: trialDaysLeft(endsAt, now), cancelled },
      endsAt: cancelled ? (endsAt ?? scheduledEnd) : null,
      label: `${PLAN_DISPLAY_NAMES[plan]} (trial)`,
    };
  }
  const ending =
    user.subscriptionStatus === "pending_cancel" || user.subscriptionStatus === "active_until_cancel";
  return { plan, trial: null, endsAt: ending ? scheduledEnd : null, label: PLAN_DISPLAY_NAMES[plan] };
}

/** 'ends on 8 June 2026' (in the reader's time zone): how every screen words a plan that is ending. */
export const endsOnText = (endsAt: Date): string => `ends on ${formatBillingDay(endsAt, "local")}`;

/** The plan whose allowances apply now: the trial's plan (Premium) during an active trial, else the stored plan. */
export function effectivePlanOf(user: PlanStateHolder): PlanName {
  if (!hasActiveTrial(user)) return planOf(user);
  return (PLAN_NAMES as readonly string[]).includes(user.trialPlan ?? "") && user.trialPlan !== "free"
    ? (user.trialPlan as PlanName)
    : TRIAL_PLAN;
}

/** The most words one send of this user's subscriptions may carry (WORDS_PER_SEND_MAX_BY_PLAN). */
export const wordsPerSendLimit = (user: PlanStateHolder): number =>
  WORDS_PER_SEND_MAX_BY_PLAN[effectivePlanOf(user)];

/** '3 days left', '1 day left', 'ends today'. */
export const trialDaysLeftText = (daysLeft: number): string =>
  daysLeft <= 0 ? "ends today" : `${daysLeft} day${daysLeft === 1 ? "" : "s"} left`;

/**
 * What happens when a trial ends, said the same way everywhere (billing's state machine: at the trial end the saved
 * card is charged for Premium and the plan stays; a cancelled trial moves to Free at its end, without a charge).
 */
export const TRIAL_END_SENTENCE = `When the trial ends, your saved card is charged ${formatPlanPrice(
  PLAN_PRICES_PENCE[TRIAL_PLAN],
)} and you stay on ${PLAN_DISPLAY_NAMES[TRIAL_PLAN]}; cancel before then to move to Free without being charged.`;

/** The same, once the trial is cancelled. */
export const CANCELLED_TRIAL_SENTENCE = `You keep ${PLAN_DISPLAY_NAMES[TRIAL_PLAN]} until then; your card will not be charged and your account moves to Free.`;

/** How many active subscriptions the user may hold; null means no limit. */
export function subscriptionLimit(user: PlanStateHolder): number | null {
  switch (effectivePlanOf(user)) {
    case "free":
      return FREE_PLAN_SUBSCRIPTIONS;
    case "basic":
      return BASIC_PLAN_SUBSCRIPTIONS;
    default:
      return null;
  }
}

/** The starred frequencies need a paid plan or an active trial. */
export const allowsFrequency = (user: PlanStateHolder, frequency: Frequency): boolean =>
  !PREMIUM_FREQUENCIES.includes(frequency) || effectivePlanOf(user) !== "free";

/** Whether the channel's plan rule (the channel registry) lets the user turn it on: `paid_plan` needs a paid plan or
 * an active trial, because each message costs us money. */
export const allowsChannel = (
  user: PlanStateHolder,
  channel: ChannelName | Pick<ChannelDeclaration, "planRule">,
): boolean =>
  (typeof channel === "string" ? channelDeclaration(channel) : channel).planRule === "any_plan" ||
  effectivePlanOf(user) !== "free";

/** Why a free learner may not turn on a `paid_plan` channel, by its label. */
export const channelNotAllowedMessage = (label: string) =>
  `${label} delivery needs a paid plan or a free trial.`;

export const SMS_NOT_ALLOWED_MESSAGE = channelNotAllowedMessage(channelDeclaration("sms").label);

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
 * Whether the plan has room for one more active subscription: null when it has, else the limit's violation. The
 * server refuses with it; Discover and the subscription modal show it before any form (issue 17).
 */
export function checkSubscriptionRoom(
  user: PlanHolder,
  activeSubscriptions: number,
): PlanRuleViolation | null {
  const limit = subscriptionLimit(user);
  if (limit === null || activeSubscriptions < limit) return null;
  const currentPlan = planOf(user);
  const plural = limit === 1 ? "subscription" : "subscriptions";
  return {
    code: "SUBSCRIPTION_LIMIT_REACHED",
    message: `Your ${PLAN_DISPLAY_NAMES[currentPlan]} plan allows ${limit} active ${plural}. Upgrade your plan to add more.`,
    currentPlan,
    upgradeOptions: upgradeOptionsFor(currentPlan),
  };
}

/**
 * Whether the plan lets one send carry `wordsPerSend` words: null when it does, else the violation, whose upgrade
 * options are only the plans that allow that many.
 */
export function checkWordsPerSend(user: PlanHolder, wordsPerSend: number): PlanRuleViolation | null {
  const limit = wordsPerSendLimit(user);
  if (wordsPerSend <= limit) return null;
  const currentPlan = planOf(user);
  const upgradeOptions = upgradeOptionsFor(currentPlan).filter(
    (option) => WORDS_PER_SEND_MAX_BY_PLAN[option.name] >= wordsPerSend,
  );
  const needed = upgradeOptions[0]?.displayName ?? PLAN_DISPLAY_NAMES.pro;
  return {
    code: "WORDS_PER_SEND_NOT_ALLOWED",
    message: `${wordsPerSend} words per send need the ${needed} plan or higher (your plan allows ${limit}).`,
    currentPlan,
    upgradeOptions,
  };
}

/**
 * Whether the user may hold one more active subscription (when `adding`) with this frequency (and SMS, when
 * `channels`, and this many words per send, when given); null when allowed, else the reason the server answers
 * 403 with and the client shows.
 */
export function checkPlanAllows(
  user: PlanHolder,
  request: {
    frequency: Frequency;
    activeSubscriptions: number;
    adding: boolean;
    /** The channels the subscription will have on (from the app's registry): each must be allowed. */
    channels?: readonly Pick<ChannelDeclaration, "label" | "planRule">[];
    wordsPerSend?: number | undefined;
  },
): PlanRuleViolation | null {
  const currentPlan = planOf(user);
  const upgradeOptions = upgradeOptionsFor(currentPlan);
  if (request.adding) {
    const full = checkSubscriptionRoom(user, request.activeSubscriptions);
    if (full) return full;
  }
  if (!allowsFrequency(user, request.frequency)) {
    return {
      code: "FREQUENCY_NOT_ALLOWED",
      message: `${FREQUENCY_LABELS[request.frequency]} delivery needs a paid plan or a free trial.`,
      currentPlan,
      upgradeOptions,
    };
  }
  const refused = request.channels?.find((channel) => !allowsChannel(user, channel));
  if (refused) {
    return {
      code: "CHANNEL_NOT_ALLOWED",
      message: channelNotAllowedMessage(refused.label),
      currentPlan,
      upgradeOptions,
    };
  }
  return request.wordsPerSend === undefined ? null : checkWordsPerSend(user, request.wordsPerSend);
}
