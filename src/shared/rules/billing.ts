import {
  BILLING_CURRENCY,
  BILLING_DATE_LOCALE,
  CURRENCIES,
  DAY_MS,
  PLAN_PRICES_USD_CENTS,
  YEARLY_PRICE_MONTHS,
  type BillingInterval,
  type Currency,
  PLAN_DISPLAY_NAMES,
  PLAN_NAMES,
  PLAN_PRICES_PENCE,
  REFUND_WINDOW_DAYS,
  RENEWAL_NOTICE_THRESHOLD_DAYS,
  WORDS_PER_SEND_MAX_BY_PLAN,
  type PlanName,
} from "../constants";

export interface PlanDefinition {
  name: PlanName;
  displayName: string;
  /** Pence per month (GBP minor units); 0 means Free. */
  price: number;
  features: string[];
  /** Shown only to administrators. */
  adminOnly: boolean;
  /** The 'Most Popular' badge. */
  popular: boolean;
}

const wordsPerSend = (plan: PlanName) => {
  const words = WORDS_PER_SEND_MAX_BY_PLAN[plan];
  return words === 1 ? "1 word per delivery" : `Up to ${words} words per delivery`;
};

/** What each plan gives; the server's plan rules (`rules/plans.ts`) enforce every line. */
const FEATURES: Record<PlanName, string[]> = {
  free: [
    "1 active subscription",
    "Standard delivery frequencies",
    "Email, in-app and push delivery",
    wordsPerSend("free"),
  ],
  basic: [
    "Up to 5 active subscriptions",
    "All delivery frequencies",
    "Email, in-app, push and SMS delivery",
    wordsPerSend("basic"),
  ],
  premium: [
    "Unlimited subscriptions",
    "All delivery frequencies",
    "Email, in-app, push and SMS delivery",
    wordsPerSend("premium"),
    "Priority support",
  ],
  pro: ["Everything in Premium", wordsPerSend("pro")],
  admin_test: ["Everything in Pro", "A real £0.30 monthly charge, for testing payments end to end"],
};

/** The server's plan table: every amount charged comes from here, never from the client. */
export const PLAN_TABLE: readonly PlanDefinition[] = PLAN_NAMES.map((name) => ({
  name,
  displayName: PLAN_DISPLAY_NAMES[name],
  price: PLAN_PRICES_PENCE[name],
  features: FEATURES[name],
  adminOnly: name === "admin_test",
  popular: name === "premium",
}));

export const planDefinition = (name: PlanName): PlanDefinition =>
  PLAN_TABLE.find((plan) => plan.name === name)!;

export const isPaidPlan = (name: string): name is Exclude<PlanName, "free"> =>
  (PLAN_NAMES as readonly string[]).includes(name) && name !== "free";

const MONTHLY_PRICES: Record<Currency, Record<PlanName, number>> = {
  gbp: PLAN_PRICES_PENCE,
  usd: PLAN_PRICES_USD_CENTS,
};

/** What the plan costs per interval, in the currency's minor units: a year is YEARLY_PRICE_MONTHS months. */
export function planPrice(plan: PlanName, currency: Currency, interval: BillingInterval): number {
  const monthly = MONTHLY_PRICES[currency][plan];
  return interval === "year" ? monthly * YEARLY_PRICE_MONTHS : monthly;
}

/** What a year saves against twelve monthly payments, in minor units. */
export const yearlySaving = (plan: PlanName, currency: Currency): number =>
  planPrice(plan, currency, "month") * 12 - planPrice(plan, currency, "year");

export const isCurrency = (value: unknown): value is Currency =>
  (CURRENCIES as readonly unknown[]).includes(value);

const SYMBOLS: Record<Currency, string> = { gbp: "£", usd: "$" };

/** An exact amount: '£8.00', '$19.00', '£6.67' (receipts, proration, a monthly equivalent). */
export const formatMoney = (amount: number, currency: Currency = BILLING_CURRENCY): string =>
  `${SYMBOLS[currency]}${(amount / 100).toFixed(2)}`;

/** plans-billing §9: from minor units, two decimals under 100 units, otherwise whole units. 0 is 'Free'. */
export function formatPlanAmount(amount: number, currency: Currency = BILLING_CURRENCY): string {
  if (amount === 0) return "Free";
  return amount < 100 ? formatMoney(amount, currency) : `${SYMBOLS[currency]}${Math.round(amount / 100)}`;
}

/** The card's price line: '£0.30/month', '£8/month', '$190/year', or 'Free'. */
export function formatPlanPrice(
  amount: number,
  currency: Currency = BILLING_CURRENCY,
  interval: BillingInterval = "month",
): string {
  return amount === 0 ? "Free" : `${formatPlanAmount(amount, currency)}/${interval}`;
}

/** Under a yearly price: '£6.67/month, billed yearly'. */
export const formatMonthlyEquivalent = (yearly: number, currency: Currency): string =>
  `${formatMoney(Math.round(yearly / 12), currency)}/month, billed yearly`;

/** 'Two months free (save £16)': the yearly offer, stated as a figure. */
export function yearlySavingText(plan: PlanName, currency: Currency): string {
  return `${12 - YEARLY_PRICE_MONTHS} months free (save ${formatMoney(yearlySaving(plan, currency), currency)})`;
}

/** The Terms: a refund may be requested within REFUND_WINDOW_DAYS (30) days of the charge. */
export const isWithinRefundWindow = (chargedAt: Date, now: Date): boolean =>
  now.getTime() - chargedAt.getTime() <= REFUND_WINDOW_DAYS * DAY_MS;

const BILLING_DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

/**
 * Billing dates read en-GB with a long month (plans-billing §9): '30 November 2026'. The browser shows its own
 * time zone; the server's messages and e-mails say the day in UTC.
 */
export function formatBillingDay(date: Date, zone: "UTC" | "local" = "UTC"): string {
  let format = BILLING_DAY_FORMATS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat(BILLING_DATE_LOCALE, {
      day: "numeric",
      month: "long",
      year: "numeric",
      ...(zone === "UTC" ? { timeZone: "UTC" } : {}),
    });
    BILLING_DAY_FORMATS.set(zone, format);
  }
  return format.format(date);
}

export const PAYMENT_FAILED_NOTICE =
  "Your last payment couldn't be processed. Please update your payment method to continue your subscription.";

export interface BillingNoticeHolder {
  subscriptionPlan: string;
  subscriptionStatus: string | null;
  nextBillingDate: string | Date | null;
}

export type BillingNotice =
  | { kind: "payment_failed"; message: string; dismissible: false }
  | {
      kind: "renewal";
      daysUntilRenewal: number;
      /** 'Tomorrow' wording when the renewal is 1 day away. */
      tomorrow: boolean;
      /** Dismissal is remembered per renewal date, so the next period's notice shows again. */
      dismissKey: string;
      dismissible: true;
    };

/**
 * learner-core §4 billing notices: none for free users; past_due shows the payment-failed notice; an active
 * plan renewing in 3 days or fewer (but more than 0) shows the renewal notice. Days are counted up (1.2 days
 * away is 2 days).
 */
export function billingNoticeFor(user: BillingNoticeHolder, now: Date): BillingNotice | null {
  if (!isPaidPlan(user.subscriptionPlan)) return null;
  if (user.subscriptionStatus === "past_due") {
    return { kind: "payment_failed", message: PAYMENT_FAILED_NOTICE, dismissible: false };
  }
  if (user.subscriptionStatus !== "active" || !user.nextBillingDate) return null;
  const renewal = new Date(user.nextBillingDate);
  const daysUntilRenewal = Math.ceil((renewal.getTime() - now.getTime()) / DAY_MS);
  if (daysUntilRenewal <= 0 || daysUntilRenewal > RENEWAL_NOTICE_THRESHOLD_DAYS) return null;
  return {
    kind: "renewal",
    daysUntilRenewal,
    tomorrow: daysUntilRenewal === 1,
    dismissKey: `renewal-notice:${renewal.toISOString().slice(0, 10)}`,
    dismissible: true,
  };
}

/** A Stripe-style client secret ('pi_123_secret_abc') names its intent before the secret marker. */
export const intentIdFromClientSecret = (clientSecret: string): string =>
  clientSecret.split("_secret_")[0] ?? "";
