import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { deliveries } from "./deliveries";
import { users } from "./users";

/**
 * The Telegram chat a learner linked (issue 26): one chat per learner, and a chat belongs to one learner (a second
 * learner's `/start` in the same chat takes it over). `/stop` and a blocked bot pause it (`stopped_at`), so a bare
 * `/start` in the same chat links it again; "Disconnect" in Settings removes it.
 */
export const telegramChats = pgTable("telegram_chats", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  chatId: bigint("chat_id", { mode: "number" }).notNull().unique(),
  linkedAt: timestamp("linked_at", { withTimezone: true }).notNull(),
  stoppedAt: timestamp("stopped_at", { withTimezone: true }),
});

/**
 * A deep link's one-time token ("Connect Telegram"): the nonce is stored, the link carries it with its signature,
 * and `/start` claims it once (`used_at`) before it expires.
 */
export const telegramLinkTokens = pgTable(
  "telegram_link_tokens",
  {
    nonce: text("nonce").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("telegram_link_tokens_user_idx").on(table.userId)],
);

/**
 * The chat message a delivered word went out in, so an answer by button can edit that message to show the
 * definition. A send's ride-along reviews share their lead's message (one message per send).
 */
export const telegramMessages = pgTable(
  "telegram_messages",
  {
    deliveryId: integer("delivery_id")
      .primaryKey()
      .references(() => deliveries.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
    messageId: integer("message_id").notNull(),
    /** Its place among the message's words. */
    position: integer("position").notNull(),
    /** The word's part of the message (Telegram HTML), as it reads now: the question until answered, then the answer. */
    block: text("block").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (table) => [index("telegram_messages_message_idx").on(table.chatId, table.messageId)],
);
