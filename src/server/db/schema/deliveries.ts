import { sql } from "drizzle-orm";
import {
  uuid,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { SEND_CHANNEL_NAMES } from "@shared/channels";
import { topics, words } from "./content";
import { subscriptions } from "./subscriptions";
import { sqlValueList } from "./sql-values";
import { users } from "./users";

/**
 * One word given to one user (what, when, from which subscription): the in-app notification and the history entry
 * at once. What leaves the process (e-mail, SMS, push) is tracked per channel in `delivery_sends`.
 * Scheduled rows are unique per (subscription, slot), which makes a retried or concurrent dispatch harmless; a
 * daily review's rows (`source` 'daily_review') likewise per (subscription, the review's instant).
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
    /** Which of the slot's words this is (a send holds up to words-per-send words): 0, 1, ... */
    slotPosition: smallint("slot_position").notNull().default(0),
    /** A word sent for the first time, or a due review of a word sent before (the e-mail and History say which). */
    kind: text("kind", { enum: ["new", "review"] })
      .notNull()
      .default("new"),
    source: text("source").notNull().default("scheduled"),
    deliveryMethod: text("delivery_method").notNull(),
    inApp: boolean("in_app").notNull(),
    /** When the word first reached the user: at dispatch for in-app, else when the first channel accepted it. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    /** The user followed the e-mail's link into the app. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /**
     * When this delivery's "I already know this" link marked the word known: the link works once, so it cannot mark
     * the word again after the learner un-marks it (issue 24).
     */
    knownLinkUsedAt: timestamp("known_link_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("deliveries_link_id_unique").on(table.linkId),
    uniqueIndex("deliveries_subscription_slot_unique")
      .on(table.subscriptionId, table.slotAt, table.slotPosition)
      .where(sql`${table.source} = 'scheduled'`),
    // A daily review's rows (one message per learner, issue 22) have their own key: its instant may equal one of
    // the subscription's own slots, and the two sends must not take each other's place.
    uniqueIndex("deliveries_daily_review_unique")
      .on(table.subscriptionId, table.slotAt, table.slotPosition)
      .where(sql`${table.source} = 'daily_review'`),
    index("deliveries_daily_review_user_idx")
      .on(table.userId, table.slotAt)
      .where(sql`${table.source} = 'daily_review'`),
    // The poll's list. In the database it also holds (INCLUDE, migration 0029, which drizzle's schema cannot say)
    // every other column the poll reads, so a miss reads these rows from the index alone.
    index("deliveries_recent_idx")
      .on(table.userId, table.sentAt.desc(), table.id.desc())
      .where(sql`${table.inApp} and ${table.dismissedAt} is null`),
    index("deliveries_history_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    check("deliveries_kind_check", sql`${table.kind} in ('new', 'review')`),
    index("deliveries_user_topic_word_idx").on(table.userId, table.topicId, table.wordId, table.createdAt),
  ],
);

/**
 * The one outbox of every channel that leaves the process: a row per (delivery, channel), leased by that channel's
 * sender with SKIP LOCKED, retried with the channel's back-off, ended `sent` or `failed` (with the error History
 * shows). In-app has no row: the delivery itself is the notification.
 */
export const deliverySends = pgTable(
  "delivery_sends",
  {
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => deliveries.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: SEND_CHANNEL_NAMES }).notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** Due time of the next attempt, or the end of the current lease; null once sent or failed. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    /** What the provider called it (SMTP Message-ID, Twilio SID, push location). */
    providerMessageId: text("provider_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "delivery_sends_pkey", columns: [table.deliveryId, table.channel] }),
    check("delivery_sends_channel_check", sql`${table.channel} in (${sqlValueList(SEND_CHANNEL_NAMES)})`),
    check("delivery_sends_status_check", sql`${table.status} in ('pending', 'sent', 'failed')`),
    index("delivery_sends_due_idx")
      .on(table.channel, table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
