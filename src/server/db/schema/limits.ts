import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Counters of every rate limit and budget, shared by all instances on the database (issue 24): one row per key
 * ("rl:POST /api/login/email:203.0.113.9", "sms:day:GB"), counting the hits of its current fixed window. A hit
 * is one atomic upsert (platform/limits/counters.ts); a row whose window has passed starts again at 1.
 */
export const limitCounters = pgTable(
  "limit_counters",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    /** When this window ends: expired rows are purged daily. */
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [index("limit_counters_window_end_idx").on(table.windowEnd)],
);
