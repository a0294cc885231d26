// Dispatching 100,000 due in-app subscriptions (claim, choose each word, insert, schedule the next slot) against a
// plain batched INSERT of the very same delivery rows, on real PostgreSQL, measured in the same run.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pino from "pino";
import { createContext } from "../src/server/bootstrap";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { queryRows } from "../src/server/db/raw";
import { runSchedulerOnce } from "../src/server/features/delivery/service";
import { AdjustableClock } from "../src/server/platform/clock/clock";
import { insertTopic } from "../src/server/testing/content-fixtures";
import { createBenchDatabase, printTable, verdict } from "./lib";

const SUBSCRIPTIONS = 100_000;
const TOPICS = 20;
const INSERT_BATCH = 500;
const TARGET_SECONDS = 60;

const database = await createBenchDatabase();
try {
  const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
  const clock = new AdjustableClock(new Date("2025-05-01T09:00:00Z"));
  const { ctx } = await createContext(
    loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    pino({ level: "silent" }),
    {
      database: handle,
      clock,
    },
  );
  const topics = [];
  for (let index = 0; index < TOPICS; index += 1) topics.push(await insertTopic(ctx, `topic-${index}`, 50));
  const topicIds = `{${topics.map((topic) => topic.id).join(",")}}`;
  await ctx.db.execute(sql`
    insert into users (email, time_zone)
    select 'user-' || n || '@example.com', (array['UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo'])[1 + n % 4]
    from generate_series(1, ${SUBSCRIPTIONS}) n`);
  await ctx.db.execute(sql`
    insert into subscriptions (user_id, topic_id, frequency, delivery_method, email_enabled, in_app_enabled,
                               delivery_time, next_delivery_at, anchor_date)
    select id, (${topicIds}::int[])[1 + n % ${TOPICS}], 'daily', 'in_app', false, true, '09:00', ${clock.now()}, '2025-01-01'
    from (select id, row_number() over (order by id) as n from users) numbered`);
  await ctx.db.execute(sql`analyze`);

  const started = performance.now();
  const run = await runSchedulerOnce(ctx);
  const dispatchSeconds = (performance.now() - started) / 1000;
  if (run.delivered !== SUBSCRIPTIONS)
    throw new Error(`delivered ${run.delivered}, expected ${SUBSCRIPTIONS}`);

  // The baseline writes the same rows with nothing else to do: no claim, no word choice, no rescheduling.
  const rows = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`select user_id, subscription_id, topic_id, word_id, slot_at, source, delivery_method, in_app, sent_at, created_at
        from deliveries order by id`,
  );
  await ctx.db.execute(sql`truncate deliveries`);
  const insertStarted = performance.now();
  for (let offset = 0; offset < rows.length; offset += INSERT_BATCH) {
    const values = rows.slice(offset, offset + INSERT_BATCH).map(
      (row) =>
        sql`(${row.user_id}, ${row.subscription_id}, ${row.topic_id}, ${row.word_id}, ${row.slot_at}, ${row.source},
             ${row.delivery_method}, ${row.in_app}, ${row.sent_at}, ${row.created_at})`,
    );
    await ctx.db
      .execute(sql`insert into deliveries (user_id, subscription_id, topic_id, word_id, slot_at, source,
                                                     delivery_method, in_app, sent_at, created_at)
                             values ${sql.join(values, sql`, `)}`);
  }
  const insertSeconds = (performance.now() - insertStarted) / 1000;
  await handle.close();

  printTable(
    `Dispatching ${SUBSCRIPTIONS.toLocaleString("en-US")} due in-app subscriptions (target: under ${TARGET_SECONDS} s)`,
    [
      {
        step: "runSchedulerOnce (batches of 500)",
        seconds: dispatchSeconds.toFixed(2),
        "rows/s": Math.round(SUBSCRIPTIONS / dispatchSeconds),
      },
      {
        step: `plain INSERT, ${INSERT_BATCH} rows a statement`,
        seconds: insertSeconds.toFixed(2),
        "rows/s": Math.round(SUBSCRIPTIONS / insertSeconds),
      },
    ],
  );
  console.log(
    `dispatch: ${dispatchSeconds.toFixed(1)} s (${verdict(dispatchSeconds < TARGET_SECONDS)}), ` +
      `${(dispatchSeconds / insertSeconds).toFixed(1)}x the time of the plain INSERT`,
  );
} finally {
  await database.drop();
}
