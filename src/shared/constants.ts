/**
 * Every business constant of the two specs, named as the spec names it.
 * Client and server both import from here; nothing else hard-codes these values.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// learner-core §9
export const TRIAL_LENGTH_DAYS = 7;
export const TRIAL_PLAN = "premium" as const;
export const PRICE_AFTER_TRIAL_PENCE = 800;
export const FREE_PLAN_SUBSCRIPTIONS = 1;
/** plans-billing §9: basic allows up to 5 subscriptions. */
export const BASIC_PLAN_SUBSCRIPTIONS = 5;
export const DATA_CACHE_STALE_TIME_MS = 5 * MINUTE_MS;
export const DATA_CACHE_GC_TIME_MS = 5 * MINUTE_MS;
export const NOTIFICATION_POLLING_MS = 2000;
export const VALIDATION_POLLING_MS = 5 * MINUTE_MS;
export const NOTIFICATION_DROPDOWN_ITEMS = 10;
export const NOTIFICATION_BADGE_MAX = 9;
export const NOTIFICATION_LIST_MAX_HEIGHT = "20rem";
export const DASHBOARD_FAVORITES = 5;
export const RENEWAL_NOTICE_THRESHOLD_DAYS = 3;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const DEFAULT_DELIVERY_TIME = "09:00";
export const MOBILE_BREAKPOINT_PX = 768;
export const TOASTS_VISIBLE = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LONG_DURATION_MS = 8000;
export const DATE_LOCALE = "en-US";
export const WEEK_STARTS_ON = 0; // Sunday

// plans-billing-admin-public §9
export const ADMIN_WORDS_PAGE_SIZE = 20;
export const EMOJI_PICKER_CATEGORIES = 9;
export const EMOJI_PICKER_ICONS_PER_CATEGORY = 10;
export const RESTORE_FLAG_VALID_MS = 5 * MINUTE_MS;
export const RESTORE_MODAL_STATE_KEY = "restoreModalState";
export const FEEDBACK_SUBJECT_MAX = 100;
export const FEEDBACK_MESSAGE_MIN = 10;
export const FEEDBACK_MESSAGE_MAX = 2000;
export const SUBSCRIPTION_ID_DISPLAY_CHARS = 20;
export const PLANS_GRID_WIDE_THRESHOLD = 4;
export const BILLING_DATE_LOCALE = "en-GB";
export const TERMS_LAST_UPDATED = "September 10, 2025";
export const FAILED_PAYMENT_SUSPENSION_DAYS = 7;
export const PAUSE_MAX_MONTHS = 3;
export const REFUND_WINDOW_DAYS = 30;
export const EU_WITHDRAWAL_DAYS = 14;
export const UPTIME_AIM_PERCENT = 99.9;
export const SUPPORT_RESPONSE_HOURS = 24;
export const FAQ_PROFESSIONAL_PRICE_USD = 19;

export const PLAN_NAMES = ["free", "basic", "premium", "pro", "admin_test"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** Plan names as shown to users (plans-billing: 'Admin Test Pro' on the purchase-success page). */
export const PLAN_DISPLAY_NAMES: Record<PlanName, string> = {
  free: "Free",
  basic: "Basic",
  premium: "Premium",
  pro: "Pro",
  admin_test: "Admin Test Pro",
};

/** Monthly prices in pence (GBP minor units), plans-billing §9. */
export const PLAN_PRICES_PENCE: Record<PlanName, number> = {
  free: 0,
  basic: 400,
  premium: 800,
  pro: 1600,
  admin_test: 30,
};

/** Upgrade option prices in cents, learner-core §8/§9 (shown per month). */
export const UPGRADE_OPTION_PRICES: Record<"basic" | "premium" | "pro", number> = {
  basic: 400,
  premium: 800,
  pro: 1600,
};

export const FREQUENCIES = [
  "hourly",
  "every2hours",
  "every4hours",
  "every8hours",
  "daily",
  "every2days",
  "weekly",
  "biweekly",
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Frequencies that carry a delivery time; the others always store DEFAULT_DELIVERY_TIME. */
export const TIMED_FREQUENCIES: readonly Frequency[] = ["hourly", "every4hours", "daily"];
/** Marked premium (star) in the subscription form. */
export const PREMIUM_FREQUENCIES: readonly Frequency[] = ["hourly", "every4hours"];

export const DELIVERY_METHODS = ["email", "in_app", "both"] as const;

/** A subscription is delivered only when `active` is on and its status is "active"; billing pauses the others. */
export const SUBSCRIPTION_STATUSES = ["active", "paused"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const TOPIC_CATEGORIES = ["vocabulary", "idioms", "business", "academic", "slang"] as const;
export type TopicCategory = (typeof TOPIC_CATEGORIES)[number];

export const DISCOVER_TABS = ["All", "Religious", "Learning", "Pro", "Lifestyle"] as const;
export type DiscoverTab = (typeof DISCOVER_TABS)[number];

export const FEEDBACK_AREAS = [
  "dashboard",
  "subscriptions",
  "discover",
  "history",
  "favorites",
  "settings",
  "notifications",
  "billing",
  "content",
  "ui",
  "performance",
  "mobile",
  "other",
] as const;
export type FeedbackArea = (typeof FEEDBACK_AREAS)[number];

// Billing (issue 7). Spec values first, then our choices where the specs are silent.
export const BILLING_CURRENCY = "gbp" as const;
export const PLAN_INTERVAL = "month" as const;
/** The user's billing status as the client reads it (plans-billing §3); null on free plans. */
export const BILLING_STATUSES = ["active", "active_until_cancel", "pending_cancel", "past_due"] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
/** trialStatus: "active" while trialing; afterwards it stays set, so the one-trial promo never returns. */
export const TRIAL_STATUSES = ["active", "converted", "cancelled"] as const;
export type TrialStatus = (typeof TRIAL_STATUSES)[number];
export const STRIPE_MODES = ["test", "live"] as const;
export type StripeMode = (typeof STRIPE_MODES)[number];
export const TEST_PAYMENT_NOTICE = "This is a test payment - no real money will be charged";
/** Our choice: the "trial ending" e-mail goes out this many days before the trial converts. */
export const TRIAL_ENDING_NOTICE_DAYS = 2;
/** The Terms' failed-payment suspension: past_due this long returns the account to free. */
export const PAST_DUE_DOWNGRADE_DAYS = FAILED_PAYMENT_SUSPENSION_DAYS;
/** The sandbox provider's test cards (the well-known Stripe test numbers). */
export const SANDBOX_TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  failsOnRenewal: "4000000000000341",
} as const;

// Sign-in (our choices; the spec is silent)
export const MAGIC_LINK_TTL_MS = 15 * MINUTE_MS;
export const SESSION_TTL_MS = 30 * DAY_MS;
export const SESSION_COOKIE = "jargon_session";

// Library levels (issue 14): every item has one, every subscription asks for one.
export const WORD_LEVELS = [1, 2, 3] as const;
export type WordLevel = (typeof WORD_LEVELS)[number];
export const DEFAULT_SUBSCRIPTION_LEVEL: WordLevel = 2;
/** A library item (or an admin's word) that names no level. */
export const DEFAULT_WORD_LEVEL: WordLevel = 2;
/** What the level choice says, in the modal and wherever a subscription's level is shown. */
export const WORD_LEVEL_LABELS: Record<WordLevel, { name: string; hint: string }> = {
  1: { name: "Foundation", hint: "Core terms a newcomer to the field meets first." },
  2: { name: "Professional", hint: "What practitioners use every day." },
  3: { name: "Expert", hint: "Specialist, precise terms of the trade." },
};
export const PARTS_OF_SPEECH = [
  "noun",
  "verb",
  "adjective",
  "adverb",
  "phrase",
  "idiom",
  "interjection",
  "abbreviation",
] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

// Web push (issue 15; our choices): devices per person, and how a push shows a word.
/** A person's browsers that receive push; registering one more forgets the oldest. */
export const PUSH_MAX_DEVICES_PER_USER = 20;
/** A notification shows two or three lines; a longer definition is cut at a word and ends with "…". */
export const PUSH_BODY_MAX_CHARS = 180;
