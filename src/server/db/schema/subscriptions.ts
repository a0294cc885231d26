import { sql } from "drizzle-orm";
import {
  uuid,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { CHANNEL_NAMES } from "@shared/channels";
import { topics } from "./content";
import { sqlValueList } from "./sql-values";
import { users } from "./users";

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** What signed e-mail links name instead of the sequential id: unguessable, so links cannot be enumerated. */
    linkId: uuid("link_id").notNull().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    frequency: text("frequency").notNull(),
    deliveryMethod: text("delivery_method").notNull(),
    /** HH:MM in the user's zone. */
    deliveryTime: text("delivery_time").notNull(),
    /** The library level (1..3) delivery takes first. */
    level: smallint("level").notNull().default(2),
    /** Words in one send (due reviews first, then new words): 1..5. */
    wordsPerSend: smallint("words_per_send").notNull().default(1),
    /** The user's switch. */
    active: boolean("active").notNull().default(true),
    /** Billing's switch: "paused" subscriptions are kept but not delivered (e.g. after a downgrade). */
    status: text("status").notNull().default("active"),
    /** The next slot (UTC); null while not deliverable. The scheduler claims rows where this is due. */
    nextDeliveryAt: timestamp("next_delivery_at", { withTimezone: true }),
    /** Local calendar day of creation: day 0 of the every-2-days, weekly and bi-weekly cycles. */
    anchorDate: date("anchor_date", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("subscriptions_link_id_unique").on(table.linkId),
    uniqueIndex("subscriptions_user_topic_unique").on(table.userId, table.topicId),
    index("subscriptions_due_idx")
      .on(table.nextDeliveryAt)
      .where(sql`${table.active} and ${table.status} = 'active'`),
    check("subscriptions_level_check", sql`${table.level} between 1 and 3`),
    check("subscriptions_words_per_send_check", sql`${table.wordsPerSend} between 1 and 5`),
  ],
);

/**
 * A subscription's channel switches, one row per channel (issue 26): a channel added to the registry needs no new
 * column. A channel with no row is off. Read and written only through `platform/channels/subscription-channels.ts`.
 */
export const subscriptionChannels = pgTable(
  "subscription_channels",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: CHANNEL_NAMES }).notNull(),
    enabled: boolean("enabled").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "subscription_channels_pkey", columns: [table.subscriptionId, table.channel] }),
    check("subscription_channels_channel_check", sql`${table.channel} in (${sqlValueList(CHANNEL_NAMES)})`),
  ],
);
