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
export const REFUND_PROCESSING_BUSINESS_DAYS = "5-10";
export const EU_WITHDRAWAL_DAYS = 14;
export const UPTIME_AIM_PERCENT = 99.9;
export const SUPPORT_RESPONSE_HOURS = 24;

// plans-billing §9 "Marketing claims (not behaviour)": the spec's figures, typed once and rendered everywhere.
export const DOMAINS_CLAIM = "15+";
export const TERMS_PER_DOMAIN_CLAIM = "200+";
export const AVERAGE_IMPROVEMENT_CLAIM = "347%";
export const LEARNERS_CLAIM = "10,000+";
export const RATING_CLAIM = "4.9/5";

// Issue 28: team plans on request (the /teams form). Our limits: a team is at least two people; the per-address
// limit exists because a visitor chooses where the acknowledgement e-mail goes.
export const TEAM_SEATS_MIN = 2;
export const TEAM_SEATS_MAX = 10_000;
export const TEAM_COMPANY_MAX = 120;
export const TEAM_MESSAGE_MAX = 2000;
export const TEAM_REQUESTS_PER_IP_PER_HOUR = 5;
export const TEAM_REQUESTS_PER_ADDRESS_PER_DAY = 3;

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

/** Monthly prices in cents (USD minor units), issue 28: Pro at $19 as the FAQ says; $0.50 is Stripe's USD minimum. */
export const PLAN_PRICES_USD_CENTS: Record<PlanName, number> = {
  free: 0,
  basic: 500,
  premium: 1000,
  pro: 1900,
  admin_test: 50,
};

/**
 * Issue 17: the most words one send may carry on each plan (Pro's real difference from Premium). A subscription's
 * `wordsPerSend` (WORDS_PER_SEND_MIN..WORDS_PER_SEND_MAX) is capped by its owner's plan; a trial counts as Premium.
 */
export const WORDS_PER_SEND_MAX_BY_PLAN: Record<PlanName, number> = {
  free: 1,
  basic: 2,
  premium: 3,
  pro: 5,
  admin_test: 5,
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
/** The spec's currency: the plan table (PLAN_PRICES_PENCE), the Terms and the trial's conversion are in pounds. */
export const BILLING_CURRENCY = "gbp" as const;
/** Issue 28: every paid plan is also priced in US dollars (PLAN_PRICES_USD_CENTS); the visitor chooses. */
export const CURRENCIES = ["gbp", "usd"] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Issue 28: every paid plan is billed monthly or yearly. */
export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
/** A year costs this many months: two months free (issue 28). */
export const YEARLY_PRICE_MONTHS = 10;
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
/** The level names: the /topics page's badges (plans-billing §"Public pages"), and the same names everywhere else. */
export const WORD_LEVEL_NAMES = ["Beginner", "Intermediate", "Advanced"] as const;
export type WordLevelName = (typeof WORD_LEVEL_NAMES)[number];
/** What the level choice says, in the modal and wherever a subscription's or a word's level is shown. */
export const WORD_LEVEL_LABELS: Record<WordLevel, { name: WordLevelName; hint: string }> = {
  1: { name: WORD_LEVEL_NAMES[0], hint: "Core terms a newcomer to the field meets first." },
  2: { name: WORD_LEVEL_NAMES[1], hint: "What practitioners use every day." },
  3: { name: WORD_LEVEL_NAMES[2], hint: "Specialist, precise terms of the trade." },
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

// The learning loop (issue 16): every delivered word is an FSRS card (ts-fsrs); decision 004.
/** FSRS aims each interval at this probability of recall (ts-fsrs's default, named here so it is one choice). */
export const DESIRED_RETENTION = 0.9;
/** New words in one send, per subscription (reviews ride along on top, within the daily cap). */
export const WORDS_PER_SEND_DEFAULT = 1;
export const WORDS_PER_SEND_MIN = 1;
export const WORDS_PER_SEND_MAX = 5;
/** At most this many reviews ride along per user day (issue 22: default 10), so reviews never flood a send. */
export const DAILY_REVIEW_CAP_DEFAULT = 10;
export const DAILY_REVIEW_CAP_MIN = 1;
export const DAILY_REVIEW_CAP_MAX = 200;
/**
 * Where due reviews go (issue 22): riding along with the new words of each send (the default), in one daily review
 * at a time the learner picks, or only in the app (/review and the bell).
 */
export const REVIEW_DELIVERIES = ["with_words", "daily_review", "app_only"] as const;
export type ReviewDelivery = (typeof REVIEW_DELIVERIES)[number];
export const REVIEW_DELIVERY_DEFAULT: ReviewDelivery = "with_words";
/** The daily review's time of day (HH:MM, the user's zone) until the learner picks another. */
export const DAILY_REVIEW_TIME_DEFAULT = "18:00";
/**
 * Which due reviews take the cap's places (issue 22): those that add the most expected recall over this many days
 * ahead, by FSRS's own forgetting curve (`recallGainOfReview`). Long enough to value a review that makes a word
 * last (the learning benchmark's learners kept more words at 120 days than at 30 or 60, on seeds it was not tuned
 * on; docs/bench-learning.md, session 26), short enough that a review now is not credited with months it would get
 * anyway from later ones (180 days lost words on two of the benchmark's memory models in session 25).
 */
export const REVIEW_VALUE_HORIZON_DAYS = 120;
/**
 * A word not yet due may ride along in a send once FSRS puts its recall at or below this (due means 0.9, the desired
 * retention): the cap's places then go to whichever reviews add most (`recallGainOfReview`), among words a little
 * before their date as well as those due. On the learning benchmark's three memory models, none of them FSRS, this
 * kept 15 more words over six rows on 80 learners of seeds it was not chosen on (docs/bench-learning.md).
 */
export const REVIEW_CANDIDATE_RECALL = 0.95;
/**
 * FSRS has no recall probability for a word introduced and never answered; its first ask is valued as an even
 * chance (we know nothing yet), not as a figure tuned to anyone's memory.
 */
export const FIRST_ASK_RECALL_PRIOR = 0.5;
/** A card counts in Words Learned once FSRS says it will still be recalled (90%) three weeks on. */
export const MASTERED_STABILITY_DAYS = 21;
/** Quiet hours are off until the user sets a window (HH:MM, user's zone; may wrap midnight). */
export const QUIET_HOURS_DEFAULT: { start: string; end: string } | null = null;
/** The user's day (due dates, streaks) starts at this local hour; 0 is midnight. */
export const DAY_STARTS_AT_HOUR_DEFAULT = 0;
export const DAY_STARTS_AT_HOUR_MAX = 23;
// A pause lasts at most PAUSE_MAX_MONTHS (above: the FAQ's promise) and always has an end date.
/** One streak freeze is earned for every completed run of this many graded days in a row… */
export const STREAK_FREEZE_RUN_DAYS = 7;
/** …and at most this many are held at once. */
export const STREAK_FREEZES_MAX = 2;
/**
 * A learner's own FSRS weights are fitted from this many reviews (issue 22): the FSRS optimiser's full model needs 64
 * training items, and below that it fits what it can (the first stabilities) or keeps the defaults itself. It first
 * sets aside each first answer's rarest gaps as outliers, so most learners' first fit that finds something comes at
 * 150–250 reviews (decision 004)…
 */
export const PERSONAL_PARAMETERS_MIN_REVIEWS = 64;
/**
 * …and refitted whenever the log has grown since the fit, at most once in this many days (a learner who stops
 * reviewing is not fitted again on the same log). Daily since session 38, when a fit stopped waiting half a second
 * (weekly and at each doubling of the log before): a new review is in the weights by the next day, for about the
 * same words recalled on the learning bench (docs/bench-learning.md).
 */
export const PERSONAL_PARAMETERS_REFIT_DAYS = 1;
/**
 * All learners' logs pooled give the default weights of learners without their own (decision 004): once there are
 * this many reviews from at least this many learners, so no handful of heavy reviewers sets everyone's schedule.
 */
export const POOLED_PARAMETERS_MIN_REVIEWS = 10_000;
export const POOLED_PARAMETERS_MIN_LEARNERS = 50;
/** The pooled weights are fitted again at most this often: a fit reads a sample of all learners' logs. */
export const POOLED_PARAMETERS_REFIT_DAYS = 7;
/** Learners whose logs the pooled fit reads, the most recently reviewing first: keeps a fit to seconds. */
export const POOLED_PARAMETERS_SAMPLE_LEARNERS = 200;
/**
 * What all learners' answers say about each word (issue 22, decision 004: `WordRecallFit`), refitted this often from
 * the logs of this many learners, the most recently reviewing first (about half a million answers: seconds of replay
 * a week; the pooled weights read a fifth of them, as their optimiser costs more an answer)…
 */
export const WORD_ESTIMATES_REFIT_DAYS = 7;
export const WORD_ESTIMATES_SAMPLE_LEARNERS = 1_000;
/** …a word's first-ask recall counts this many answers at the share over all words on top of its own… */
export const WORD_FIRST_ASK_PSEUDO_ANSWERS = 10;
/**
 * …and its offset from FSRS's recall estimate (logit scale) has a normal prior of this spread around 0, from this
 * many later answers on. Tried on the learning benchmark's seeds 1 and 2 only, these values alone
 * (docs/bench-learning.md, session 41).
 */
export const WORD_RECALL_OFFSET_SIGMA = 1;
export const WORD_RECALL_OFFSET_MIN_REVIEWS = 10;
/** FSRS's four grades (Rating 1–4 in ts-fsrs). */
export const LEARNING_GRADES = ["again", "hard", "good", "easy"] as const;
export type LearningGrade = (typeof LEARNING_GRADES)[number];
/**
 * Multiple choice on /review is practice: a right pick among three may be a lucky guess, so it counts at most Hard
 * (issue 22); the server caps the grade of any answer the request says came from multiple choice.
 */
export const MULTIPLE_CHOICE_MAX_GRADE: LearningGrade = "hard";
/**
 * The one-tap answers in e-mails, notifications and texts. What each records depends on what was asked
 * (`rules/learning/answers.ts`): "knew it" on a new word is Easy, on a review Good; "didn't know" is Again.
 */
export const QUICK_ANSWERS = ["knew_it", "didnt_know"] as const;
export type QuickGrade = (typeof QUICK_ANSWERS)[number];
/**
 * The buttons of a word's push notification (`Notification.actions`, at most two show on most systems): the quick
 * grades, each recording its answer without opening the app.
 */
export const PUSH_ANSWER_ACTIONS = [
  { action: "knew", answer: "knew_it", title: "Knew it" },
  { action: "didnt", answer: "didnt_know", title: "Didn't know" },
] as const satisfies readonly { action: string; answer: QuickGrade; title: string }[];
/** A text replying to a word answers it: "1" knew it, "2" didn't know (the word text says so when it has room). */
export const SMS_REPLY_ANSWERS = { "1": "knew_it", "2": "didnt_know" } as const satisfies Record<
  string,
  QuickGrade
>;

// Phone verification (issue 15, SMS): a 6-digit code, texted, good for 10 minutes and 5 guesses.
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MS = 10 * MINUTE_MS;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** Texts cost money and reach someone's pocket: at most one code every 30 s, and 5 an hour. */
export const PHONE_CODE_RESEND_MS = 30_000;
/**
 * How long a word's answer links (e-mail, push buttons) work after the delivery: two weeks covers a holiday's backlog
 * of mail, and a grade given later says little about that delivery's recall; a forwarded or leaked e-mail stops
 * being a way to change someone's reviews (issue 24). The word itself stays in the review queue.
 */
export const ANSWER_LINK_LIFETIME_MS = 14 * DAY_MS;

/** How long a "Connect Telegram" deep link works (issue 26): long enough to open Telegram, short enough to go stale. */
export const TELEGRAM_LINK_TOKEN_LIFETIME_MS = 15 * MINUTE_MS;
/** Answer-link and phone-code checks per IP (issue 24): far above a person's use, far below a script's. */
export const ANSWER_LINK_POSTS_PER_IP = { max: 60, timeWindow: "1 minute" } as const;
export const PHONE_VERIFY_ATTEMPTS_PER_IP = { max: 30, timeWindow: "1 hour" } as const;
/** One code per 30 s to any one number, whichever accounts ask (issue 24: SMS pumping through many accounts). */
export const PHONE_CODE_NUMBER_COOLDOWN_MS = 30_000;
export const PHONE_CODES_PER_HOUR = 5;

// Web push (issue 15; our choices): devices per person, and how a push shows a word.
/** A person's browsers that receive push; registering one more forgets the oldest. */
export const PUSH_MAX_DEVICES_PER_USER = 20;
/** A notification shows two or three lines; a longer definition is cut at a word and ends with "…". */
export const PUSH_BODY_MAX_CHARS = 180;

/** Issue 17: every prerendered public page downloads at most 50 KB of gzipped JavaScript (the stricter 1000). */
export const MAX_PUBLIC_PAGE_JS_GZIP_BYTES = 50_000;
