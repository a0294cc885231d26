import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** The local SMS outbox: every text lands here when no Twilio account is configured (the embedded default). */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: text("id")
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    to: text("to").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sms_outbox_created_idx").on(table.createdAt)],
);

/**
 * Numbers that replied STOP (or another opt-out keyword). Kept per number, not per user: the carrier and Twilio
 * block the number, whoever's account holds it, until it replies START.
 */
export const smsOptOuts = pgTable("sms_opt_outs", {
  phoneNumber: text("phone_number").primaryKey(),
  optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull(),
});

/**
 * The code a user was texted to prove a phone number is theirs (one row per user, kept after use so the resend
 * limits survive a removed and re-entered number). Only an HMAC of the code is stored.
 */
export const phoneVerifications = pgTable(
  "phone_verifications",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    /** Null once used, or after too many wrong attempts. */
    codeHash: text("code_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
    /** The hourly resend limit counts sends since this instant. */
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    windowSends: integer("window_sends").notNull().default(0),
  },
  (table) => [check("phone_verifications_attempts_check", sql`${table.attempts} >= 0`)],
);
