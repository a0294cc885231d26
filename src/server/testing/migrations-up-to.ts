import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MIGRATIONS_DIR } from "../db/client";

/**
 * A copy of the migrations folder that ends at `lastTag` (drizzle's migrator follows meta/_journal.json), for
 * tests that fill a database as an older release left it and then migrate it to today.
 */
export function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "jargon-migrations-"));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration tagged ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * The rows every migration test starts from, in columns that exist since 0002: one learner ('u1'), a topic (1)
 * with `words` words (ids 1..n) and a daily subscription (1) by e-mail and in-app.
 */
export const learnerWithSubscriptionSql = (words: number) => `
  insert into users (id, email) values ('u1', 'ann@example.com');
  insert into topics (id, name, display_name, description, category, icon)
    overriding system value values (1, 'finance', 'Finance', 'Money words', 'business', '💰');
  insert into words (id, topic_id, word, definition, rank)
    overriding system value select n, 1, 'word-' || n, 'Definition ' || n, n from generate_series(1, ${words}) n;
  insert into subscriptions (id, user_id, topic_id, frequency, delivery_method, email_enabled, in_app_enabled,
                             delivery_time, next_delivery_at, anchor_date)
    overriding system value
    values (1, 'u1', 1, 'daily', 'both', true, true, '09:00', '2025-05-06T09:00:00Z', '2025-05-01');`;
