import { sql } from "drizzle-orm";
import {
  DAILY_REVIEW_CAP_DEFAULT,
  DAILY_REVIEW_TIME_DEFAULT,
  REVIEW_DELIVERY_DEFAULT,
  type ReviewDelivery,
} from "@shared/constants";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    /**
     * COLLATE "C" in the database (migration 0027, which drizzle's schema cannot say), as is every column naming a
     * user and the token hashes: a new one should be too (`ALTER ... SET DATA TYPE text COLLATE "C"` in its migration).
     */
    id: text("id")
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    phoneNumber: text("phone_number"),
    /**
     * The number this user proved by SMS code. Verified means it equals phone_number, so any route that changes the
     * number (preferences, the admin's edit) leaves it unverified without having to know about verification.
     */
    phoneVerifiedNumber: text("phone_verified_number"),
    isAdmin: boolean("is_admin").notNull().default(false),
    subscriptionPlan: text("subscription_plan").notNull().default("free"),
    subscriptionStatus: text("subscription_status"),
    trialStatus: text("trial_status"),
    trialPlan: text("trial_plan"),
    trialEndDate: timestamp("trial_end_date", { withTimezone: true }),
    subscriptionEndsAt: timestamp("subscription_ends_at", { withTimezone: true }),
    nextBillingDate: timestamp("next_billing_date", { withTimezone: true }),
    /** "month" or "year" while a paid plan runs (issue 28); null on Free and during a trial. */
    billingInterval: text("billing_interval"),
    /** "gbp" or "usd": the currency of the first payment, which every later payment keeps (issue 28). */
    billingCurrency: text("billing_currency"),
    /** IANA zone captured from the browser at first sign-in; null until then (schedules fall back to UTC). */
    timeZone: text("time_zone"),
    theme: text("theme"),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    inAppNotifications: boolean("in_app_notifications").notNull().default(true),
    oidcSubject: text("oidc_subject"),
    /** The learning loop's schedule controls (docs/decisions/004-learning-loop.md). Reviews sent per user day, at most. */
    dailyReviewCap: integer("daily_review_cap").notNull().default(DAILY_REVIEW_CAP_DEFAULT),
    /** Where due reviews go (issue 22): with_words (ride along), daily_review (one a day), app_only. */
    reviewDelivery: text("review_delivery")
      .$type<ReviewDelivery>()
      .notNull()
      .default(REVIEW_DELIVERY_DEFAULT),
    /** The daily review's local HH:MM; kept while another choice is in force, so switching back restores it. */
    dailyReviewTime: text("daily_review_time").notNull().default(DAILY_REVIEW_TIME_DEFAULT),
    /** The next daily review's instant while review_delivery is daily_review (null otherwise); claimed like a slot. */
    nextDailyReviewAt: timestamp("next_daily_review_at", { withTimezone: true }),
    /** Quiet hours, local HH:MM (both or neither; the window may wrap midnight). */
    quietStart: text("quiet_start"),
    quietEnd: text("quiet_end"),
    /** The local hour a user's day begins, for "due today" and streaks. */
    dayStartsAtHour: smallint("day_starts_at_hour").notNull().default(0),
    /** A pause of deliveries (both or neither); it ends by itself at `paused_until`. */
    pausedFrom: timestamp("paused_from", { withTimezone: true }),
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    /** When the first-session flow was finished; with both this and the next null it shows after sign-in. */
    onboardedAt: timestamp("onboarded_at", { withTimezone: true }),
    onboardingSkippedAt: timestamp("onboarding_skipped_at", { withTimezone: true }),
    /** The learner's own FSRS weights (decision 004), fitted from 64 reviews; null means the pooled or default ones. */
    fsrsWeights: doublePrecision("fsrs_weights").array(),
    /** When the job last fitted them (also a fit that found too little to learn from). */
    fsrsWeightsFittedAt: timestamp("fsrs_weights_fitted_at", { withTimezone: true }),
    /** The reviews in the learner's log at that fit: the next comes a day on, once the log has grown past it. */
    fsrsWeightsReviews: integer("fsrs_weights_reviews"),
    /**
     * The grades in the learner's review log, and when the latest was given, kept by the log's triggers (migration
     * 0028) whoever writes it: the refit job finds the learners due among the users alone, instead of counting every
     * learner's log every run.
     */
    reviewCount: integer("review_count").notNull().default(0),
    lastReviewedAt: timestamp("last_reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_oidc_subject_unique").on(table.oidcSubject),
    index("users_next_daily_review_idx")
      .on(table.nextDailyReviewAt)
      .where(sql`${table.nextDailyReviewAt} is not null`),
    check(
      "users_fsrs_weights_check",
      sql`${table.fsrsWeights} is null or (${table.fsrsWeightsFittedAt} is not null and cardinality(${table.fsrsWeights}) between 17 and 21)`,
    ),
    check("users_daily_review_cap_check", sql`${table.dailyReviewCap} between 1 and 200`),
    check(
      "users_review_delivery_check",
      sql`${table.reviewDelivery} in ('with_words', 'daily_review', 'app_only')
          and ${table.dailyReviewTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check("users_day_starts_at_hour_check", sql`${table.dayStartsAtHour} between 0 and 23`),
    check(
      "users_quiet_hours_check",
      sql`(${table.quietStart} is null) = (${table.quietEnd} is null)
          and (${table.quietStart} is null or (${table.quietStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
               and ${table.quietEnd} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${table.quietStart} <> ${table.quietEnd}))`,
    ),
    check(
      "users_pause_check",
      sql`(${table.pausedFrom} is null) = (${table.pausedUntil} is null)
          and (${table.pausedFrom} is null or ${table.pausedUntil} > ${table.pausedFrom})`,
    ),
  ],
);

/** Server-side sessions: the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** One-time sign-in links: stored hashed, single use, short-lived. */
export const loginTokens = pgTable(
  "login_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    timeZone: text("time_zone"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("login_tokens_email_idx").on(table.email)],
);
