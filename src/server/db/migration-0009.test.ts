import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { learnerWithSubscriptionSql, migrationsUpTo } from "../testing/migrations-up-to";
import { MIGRATIONS_DIR } from "./client";
import { queryRows } from "./raw";

describe("migration 0009 (channels): the e-mail outbox moves to delivery_sends", () => {
  const oldMigrations = migrationsUpTo("0008_library_levels");
  const client = new PGlite();
  const db = drizzle(client);
  afterAll(async () => {
    await client.close();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  it("keeps every delivery, copies every e-mail state, and adds SMS and push switches that are off", async () => {
    await migrate(db, { migrationsFolder: oldMigrations });
    // A filled database as 0008 left it: one user, a topic with words, a subscription, and deliveries in every
    // e-mail state (pending with attempts and an error, sent, failed, none: in-app only) plus an admin's demo.
    await client.exec(`
      ${learnerWithSubscriptionSql(5)}
      insert into deliveries (id, user_id, subscription_id, topic_id, word_id, slot_at, source, delivery_method,
                              in_app, sent_at, read_at, email_status, email_attempts, email_next_attempt_at,
                              email_sent_at, email_error, created_at)
        overriding system value values
        (1, 'u1', 1, 1, 1, '2025-05-01T09:00:00Z', 'scheduled', 'both', true, '2025-05-01T09:00:00Z',
         '2025-05-01T10:00:00Z', 'sent', 1, null, '2025-05-01T09:00:05Z', null, '2025-05-01T09:00:00Z'),
        (2, 'u1', 1, 1, 2, '2025-05-02T09:00:00Z', 'scheduled', 'both', true, '2025-05-02T09:00:00Z', null,
         'failed', 5, null, null, '550 5.1.1 No such mailbox', '2025-05-02T09:00:00Z'),
        (3, 'u1', 1, 1, 3, '2025-05-03T09:00:00Z', 'scheduled', 'both', true, '2025-05-03T09:00:00Z', null,
         'pending', 2, '2025-05-03T09:03:00Z', null, '451 Mailbox busy', '2025-05-03T09:00:00Z'),
        (4, 'u1', 1, 1, 4, '2025-05-04T09:00:00Z', 'scheduled', 'in_app', true, '2025-05-04T09:00:00Z', null,
         null, 0, null, null, null, '2025-05-04T09:00:00Z'),
        (5, 'u1', 1, 1, 5, '2025-05-05T12:00:00Z', 'demo', 'email', false, null, null,
         'pending', 0, '2025-05-05T12:00:00Z', null, null, '2025-05-05T12:00:00Z');
    `);
    const deliveryColumns = sql`id, link_id, user_id, subscription_id, topic_id, word_id, slot_at, source,
                                delivery_method, in_app, sent_at, read_at, dismissed_at, opened_at, created_at`;
    const before = await queryRows(db, sql`select ${deliveryColumns} from deliveries order by id`);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    expect(await queryRows(db, sql`select ${deliveryColumns} from deliveries order by id`)).toEqual(before);
    expect(
      await queryRows(
        db,
        sql`select delivery_id, channel, status, attempts, next_attempt_at::text, sent_at::text, error,
                   created_at::text
            from delivery_sends order by delivery_id`,
      ),
    ).toEqual([
      {
        delivery_id: 1,
        channel: "email",
        status: "sent",
        attempts: 1,
        next_attempt_at: null,
        sent_at: "2025-05-01 09:00:05+00",
        error: null,
        created_at: "2025-05-01 09:00:00+00",
      },
      {
        delivery_id: 2,
        channel: "email",
        status: "failed",
        attempts: 5,
        next_attempt_at: null,
        sent_at: null,
        error: "550 5.1.1 No such mailbox",
        created_at: "2025-05-02 09:00:00+00",
      },
      {
        delivery_id: 3,
        channel: "email",
        status: "pending",
        attempts: 2,
        next_attempt_at: "2025-05-03 09:03:00+00",
        sent_at: null,
        error: "451 Mailbox busy",
        created_at: "2025-05-03 09:00:00+00",
      },
      {
        delivery_id: 5,
        channel: "email",
        status: "pending",
        attempts: 0,
        next_attempt_at: "2025-05-05 12:00:00+00",
        sent_at: null,
        error: null,
        created_at: "2025-05-05 12:00:00+00",
      },
    ]);
    // The SMS and push switches 0009 added are off (stored as rows since 0022).
    expect(
      await queryRows(db, sql`select channel, enabled from subscription_channels order by channel`),
    ).toEqual([
      { channel: "email", enabled: true },
      { channel: "in_app", enabled: true },
      { channel: "push", enabled: false },
      { channel: "sms", enabled: false },
    ]);
    expect(
      await queryRows(
        db,
        sql`select column_name from information_schema.columns
            where table_name = 'deliveries' and column_name like 'email%'`,
      ),
    ).toEqual([]);
  }, 120_000); // two full migration runs from an empty database, on a machine that may be busy
});
