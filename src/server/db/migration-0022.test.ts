import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { ALL_CHANNELS_OFF, channelSwitchesOf } from "../platform/channels/subscription-channels";
import { learnerWithSubscriptionSql, migrationsUpTo } from "../testing/migrations-up-to";
import { MIGRATIONS_DIR } from "./client";
import { queryRows } from "./raw";

interface OldSwitches {
  id: number;
  email_enabled: boolean;
  in_app_enabled: boolean;
  sms_enabled: boolean;
  push_enabled: boolean;
}

describe("migration 0022 (subscription_channels): the four switch columns become rows", () => {
  const oldMigrations = migrationsUpTo("0021_team_requests");
  const client = new PGlite();
  const db = drizzle(client);
  afterAll(async () => {
    await client.close();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  it("keeps exactly the channels of every subscription, on or off, and drops the columns", async () => {
    await migrate(db, { migrationsFolder: oldMigrations });
    // A filled database as 0021 left it: subscription 1 (e-mail and in-app), and one learner per other combination
    // of the four switches (fifteen more subscriptions, all sixteen combinations in all, none on included).
    await client.exec(`
      ${learnerWithSubscriptionSql(3)}
      insert into users (id, email) select 'u' || n, 'learner-' || n || '@example.com' from generate_series(2, 16) n;
      insert into subscriptions (id, user_id, topic_id, frequency, delivery_method, email_enabled, in_app_enabled,
                                 sms_enabled, push_enabled, delivery_time, anchor_date, created_at, updated_at)
        overriding system value
        select n, 'u' || n, 1, 'daily', 'in_app', (n & 1) = 1, (n & 2) = 2, (n & 4) = 4, (n & 8) = 8, '09:00',
               '2025-05-01', '2025-05-01T09:00:00Z'::timestamptz + n * interval '1 day',
               '2025-06-01T09:00:00Z'::timestamptz + n * interval '1 day'
        from generate_series(2, 16) n;
    `);
    const before = await queryRows<OldSwitches>(
      db,
      sql`select id, email_enabled, in_app_enabled, sms_enabled, push_enabled from subscriptions order by id`,
    );
    const subscriptionColumns = sql`id, link_id, user_id, topic_id, frequency, delivery_method, delivery_time, level,
                                    words_per_send, active, status, next_delivery_at, anchor_date, created_at,
                                    updated_at`;
    const subscriptionsBefore = await queryRows(
      db,
      sql`select ${subscriptionColumns} from subscriptions order by id`,
    );
    expect(before).toHaveLength(16);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    expect(await queryRows(db, sql`select ${subscriptionColumns} from subscriptions order by id`)).toEqual(
      subscriptionsBefore,
    );
    const after = await channelSwitchesOf(
      db,
      before.map((row) => row.id),
    );
    expect(
      before.map((row) => ({ id: row.id, ...after.get(row.id) })),
      "every subscription's switches",
    ).toEqual(
      // A channel registered after 0022 (Telegram, 0023) has no row yet, so it reads off.
      before.map((row) => ({
        id: row.id,
        ...ALL_CHANNELS_OFF,
        email: row.email_enabled,
        in_app: row.in_app_enabled,
        sms: row.sms_enabled,
        push: row.push_enabled,
      })),
    );
    // Four rows a subscription (off ones too), dated like the subscription they belong to.
    expect(
      await queryRows(
        db,
        sql`select count(*)::int as rows,
                   count(*) filter (where c.created_at <> s.created_at or c.updated_at <> s.updated_at)::int as redated
            from subscription_channels c join subscriptions s on s.id = c.subscription_id`,
      ),
    ).toEqual([{ rows: 64, redated: 0 }]);
    expect(
      await queryRows(
        db,
        sql`select column_name from information_schema.columns
            where table_name = 'subscriptions' and column_name like '%_enabled'`,
      ),
    ).toEqual([]);
  }, 120_000); // two full migration runs from an empty database, on a machine that may be busy
});
