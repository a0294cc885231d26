import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The payment provider's customer per user and provider ("sandbox", "stripe:test", "stripe:live"): test and
 * live Stripe accounts are separate worlds, so one user may have a customer in each.
 */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    uniqueIndex("billing_customers_provider_customer_unique").on(table.provider, table.customerId),
  ],
);

/** Billing bookkeeping that is not part of the user's visible plan fields. */
export const billingAccounts = pgTable("billing_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Provider of the current subscription (operations on it go there even after the admin switches mode). */
  provider: text("provider"),
  /** The provider subscription the user's plan follows; null on free. */
  subscriptionId: text("subscription_id"),
  /** The trial's SetupIntent awaiting /confirm-trial. */
  pendingSetupIntentId: text("pending_setup_intent_id"),
  /** When the current subscription became past_due (the 7-day suspension counts from here). */
  pastDueSince: timestamp("past_due_since", { withTimezone: true }),
  /** The subscription kept when a scheduled downgrade to free happens (null: keep the oldest). */
  keepSubscriptionId: integer("keep_subscription_id"),
  /** The trial end date the "trial ending" e-mail was sent for. */
  trialEndingNoticeFor: timestamp("trial_ending_notice_for", { withTimezone: true }),
  /** A downgrade the user did not choose, reported once by /validate-subscription. */
  downgradeNotice: jsonb("downgrade_notice").$type<{
    previousPlan: string;
    downgradeReason: string;
    contactSuggested: boolean;
  }>(),
  /** Subscriptions a downgrade moved off a premium frequency, reported once by /validate-subscription. */
  scheduleNotice: jsonb("schedule_notice").$type<
    {
      subscriptionId: number;
      topicName: string;
      previousFrequency: string;
      frequency: string;
      deliveryTime: string;
    }[]
  >(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The audit trail: every billing state change and every billing e-mail. */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    provider: text("provider"),
    objectId: text("object_id"),
    /** Makes a once-only action (a receipt per invoice) safe to attempt twice. */
    dedupeKey: text("dedupe_key"),
    fromState: jsonb("from_state"),
    toState: jsonb("to_state"),
    details: jsonb("details"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("billing_events_user_idx").on(table.userId, table.id),
    uniqueIndex("billing_events_dedupe_unique").on(table.dedupeKey),
  ],
);

/** Webhook events already handled, so a replay is acknowledged and ignored. */
export const processedWebhookEvents = pgTable(
  "processed_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** One trial per user, remembered across cancellations (and admin plan edits). */
export const trialGrants = pgTable("trial_grants", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  subscriptionId: text("subscription_id").notNull(),
  setupIntentId: text("setup_intent_id").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
});

/** Cards that already carried a trial: a second account cannot start another trial with the same card. */
export const trialCardFingerprints = pgTable("trial_card_fingerprints", {
  fingerprint: text("fingerprint").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Checkouts we opened: maps a PaymentIntent back to its user, plan and subscription. */
export const billingCheckouts = pgTable(
  "billing_checkouts",
  {
    paymentIntentId: text("payment_intent_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    plan: text("plan").notNull(),
    interval: text("interval").notNull().default("month"),
    currency: text("currency").notNull().default("gbp"),
    amount: integer("amount").notNull(),
    clientSecret: text("client_secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("billing_checkouts_user_idx").on(table.userId, table.plan)],
);

/** Billing settings chosen in the admin screen (one row). */
export const billingSettings = pgTable("billing_settings", {
  id: integer("id").primaryKey().default(1),
  stripeMode: text("stripe_mode").notNull().default("test"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox provider's own records (customers, intents, subscriptions, invoices), kept as the Stripe-shaped
 * JSON it serves, so a restart keeps every sandbox subscription renewing.
 */
export const sandboxObjects = pgTable(
  "sandbox_objects",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sandbox_objects_type_idx").on(table.type)],
);
