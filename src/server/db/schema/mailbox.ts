import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The local mailbox: every outgoing e-mail lands here when no SMTP server is configured. */
export const mailbox = pgTable(
  "mailbox",
  {
    id: text("id")
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mailbox_created_idx").on(table.createdAt)],
);
