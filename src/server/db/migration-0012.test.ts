import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { newCard } from "@shared/rules/learning/fsrs";
import { learnerWithSubscriptionSql, migrationsUpTo } from "../testing/migrations-up-to";
import { MIGRATIONS_DIR } from "./client";
import { queryRows } from "./raw";

describe("migration 0012 (learning): every word already delivered becomes a card", () => {
  const oldMigrations = migrationsUpTo("0011_push");
  const client = new PGlite();
  const db = drizzle(client);
  afterAll(async () => {
    await client.close();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  // Migration 0015 (issue 22: an introduction is not a review) then turns each such card back into a new card, due
  // at its introduction, as newCard makes it at a first delivery today.
  it("makes one card per (user, word), a new card due at the first delivery once 0015 has run", async () => {
    await migrate(db, { migrationsFolder: oldMigrations });
    // Word 1 reached u1 twice (the second time once the topic ran out), word 2 once by an e-mail never sent.
    await client.exec(`
      ${learnerWithSubscriptionSql(3)}
      insert into deliveries (id, user_id, subscription_id, topic_id, word_id, slot_at, source, delivery_method,
                              in_app, sent_at, created_at)
        overriding system value values
        (1, 'u1', 1, 1, 1, '2025-05-01T09:00:00Z', 'scheduled', 'both', true, '2025-05-01T09:00:02Z',
         '2025-05-01T09:00:00Z'),
        (2, 'u1', 1, 1, 1, '2025-05-04T09:00:00Z', 'scheduled', 'both', true, '2025-05-04T09:00:00Z',
         '2025-05-04T09:00:00Z'),
        (3, 'u1', 1, 1, 2, '2025-05-02T12:00:00Z', 'demo', 'email', false, null, '2025-05-02T12:00:00Z');
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const cards = await queryRows<Record<string, unknown>>(
      db,
      sql`select user_id, word_id, topic_id, subscription_id, extract(epoch from due)::float8 as due, stability, difficulty, elapsed_days,
                 scheduled_days, learning_steps, reps, lapses, state,
                 extract(epoch from last_review)::float8 as last_review, known_at
          from cards order by word_id`,
    );
    const expected = (wordId: number, deliveredAt: string) => {
      const card = newCard(new Date(deliveredAt));
      return {
        user_id: "u1",
        word_id: wordId,
        topic_id: 1,
        subscription_id: 1,
        due: card.due.getTime() / 1000,
        stability: card.stability,
        difficulty: card.difficulty,
        elapsed_days: card.elapsedDays,
        scheduled_days: card.scheduledDays,
        learning_steps: card.learningSteps,
        reps: card.reps,
        lapses: card.lapses,
        state: card.state,
        last_review: null,
        known_at: null,
      };
    };
    expect(cards).toEqual([expected(1, "2025-05-01T09:00:02Z"), expected(2, "2025-05-02T12:00:00Z")]);
    expect(await queryRows(db, sql`select count(*)::int as logs from review_logs`)).toEqual([{ logs: 0 }]);
    expect(await queryRows(db, sql`select words_per_send from subscriptions`)).toEqual([
      { words_per_send: 1 },
    ]);
    expect(await queryRows(db, sql`select distinct kind from deliveries`)).toEqual([{ kind: "new" }]);
  }, 120_000); // two full migration runs from an empty database, on a machine that may be busy
});
