import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Feedback sent from /feedback: kept even when the e-mail to the support mailbox fails, so none is lost. */
export const feedback = pgTable(
  "feedback",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    area: text("area").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The reply address the sender gave (may differ from the account's); null when left empty. */
    userEmail: text("user_email"),
    userName: text("user_name"),
    /** When the support mailbox accepted it; null while not (yet) mailed. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("feedback_user_created_idx").on(table.userId, table.createdAt)],
);
