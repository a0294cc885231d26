import { sql } from "drizzle-orm";
import { uuid, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { topics, words } from "./content";
import { subscriptions } from "./subscriptions";
import { users } from "./users";

/**
 * One word delivered to one user: the in-app notification, the e-mail outbox entry and the history entry at once.
 * Scheduled rows are unique per (subscription, slot), which makes a retried or concurrent dispatch harmless.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** What signed e-mail links name instead of the sequential id: unguessable, so links cannot be enumerated. */
    linkId: uuid("link_id").notNull().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Kept null after the subscription is deleted: history outlives subscriptions. */
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    wordId: integer("word_id")
      .notNull()
      .references(() => words.id, { onDelete: "cascade" }),
    /** The schedule slot this row fills (for a demo, the moment it was requested). */
    slotAt: timestamp("slot_at", { withTimezone: true }).notNull(),
    source: text("source").notNull().default("scheduled"),
    deliveryMethod: text("delivery_method").notNull(),
    inApp: boolean("in_app").notNull(),
    /** When the word first reached the user: at dispatch for in-app, when SMTP accepted it for e-mail only. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    /** The user followed the e-mail's link into the app. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** E-mail outbox: null (no e-mail), pending, sent or failed. */
    emailStatus: text("email_status"),
    emailAttempts: integer("email_attempts").notNull().default(0),
    emailNextAttemptAt: timestamp("email_next_attempt_at", { withTimezone: true }),
    emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
    emailError: text("email_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("deliveries_link_id_unique").on(table.linkId),
    uniqueIndex("deliveries_subscription_slot_unique")
      .on(table.subscriptionId, table.slotAt)
      .where(sql`${table.source} = 'scheduled'`),
    index("deliveries_recent_idx")
      .on(table.userId, table.sentAt.desc(), table.id.desc())
      .where(sql`${table.inApp} and ${table.dismissedAt} is null`),
    index("deliveries_history_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    index("deliveries_user_topic_word_idx").on(table.userId, table.topicId, table.wordId, table.createdAt),
    index("deliveries_email_due_idx")
      .on(table.emailNextAttemptAt)
      .where(sql`${table.emailStatus} = 'pending'`),
  ],
);
