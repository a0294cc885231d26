import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Requests for a team plan sent from /teams (issue 28), by visitors and members alike. Kept even when the
 * acknowledgement e-mail fails; admins read them in the admin console's Teams tab.
 */
export const teamRequests = pgTable(
  "team_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    company: text("company").notNull(),
    seats: integer("seats").notNull(),
    /** Where the acknowledgement went and where we reply, as typed (trimmed). */
    workEmail: text("work_email").notNull(),
    message: text("message").notNull(),
    /** The account that sent it, when signed in; the request stays if the account is closed. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** When the requester's mailbox accepted the acknowledgement; null while not (yet) sent. */
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("team_requests_created_idx").on(table.createdAt)],
);
