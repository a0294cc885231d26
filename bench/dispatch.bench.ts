// Dispatching N due subscriptions with all four channels on (claim, plan each send's mix: look up the topic's
// due reviews and the day's review count, choose each new word, insert the delivery and its e-mail, SMS and push
// sends, raise "delivered", schedule the next slot) against a plain batched INSERT of the very same delivery and
// send rows, on real PostgreSQL, measured in the same run; then the same slot shared by two and four worker
// processes (SKIP LOCKED claims), each checked for exactly one delivery per subscription and one send per
// (delivery, channel). One learner in ten has a review due, which rides along with their new word, and FSRS weights
// of their own; the others are valued with a pooled fit; every word has its estimate from all learners. Only
// dispatch is timed: the senders (which would render and hand the messages to providers) do not run.
// `--subscriptions 100000,1000000` (default 100000) and `--workers 1,2,4` (default) choose the sizes. With
// BENCH_CPU_PROF=<dir> each worker writes its V8 CPU profile there when it exits.
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pino from "pino";
import { createContext } from "../src/server/bootstrap";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { pgArray, queryRows, type Executor } from "../src/server/db/raw";
import { scheduler } from "../src/shared/rules/learning/fsrs";
import { insertTopic } from "../src/server/testing/content-fixtures";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.mjs";
import { cpuProfileFlags, createBenchDatabase, printTable, ROOT, verdict } from "./lib";
import type { DispatchWorkerFigures } from "./servers/dispatch-worker";

const TOPICS = 20;
const INSERT_BATCH = 500;
/** Every REVIEW_EVERY-th subscription's learner has a card of its topic due (a word delivered two days ago). */
const REVIEW_EVERY = 10;
/** E-mail, SMS and push: in-app is the delivery row itself. */
const SENDS_PER_DELIVERY = 3;
const MAX_RATIO = 2;
const DISPATCH_AT = new Date("2025-05-01T09:00:00Z");

const { values: options } = parseArgs({
  options: {
    subscriptions: { type: "string", default: "100000" },
    workers: { type: "string", default: "1,2,4" },
  },
  strict: false,
});
const sizes = String(options.subscriptions).split(",").map(Number);
const workerCounts = String(options.workers).split(",").map(Number);
if (!workerCounts.includes(1))
  throw new Error("--workers must include 1: the others' speed-up is measured against it");

/** A database of `subscriptions` learners, each with one daily subscription due now on all four channels. */
async function seed(subscriptions: number): Promise<{ name: string; drop(): Promise<void> }> {
  const database = await createBenchDatabase();
  const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
  const { ctx, close } = await createContext(
    loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    pino({ level: "silent" }),
    {
      database: handle,
    },
  );
  const topics = [];
  for (let index = 0; index < TOPICS; index += 1) topics.push(await insertTopic(ctx, `topic-${index}`, 50));
  const topicIds = `{${topics.map((topic) => topic.id).join(",")}}`;
  await ctx.db.execute(sql`
    insert into users (email, time_zone)
    select 'user-' || n || '@example.com', (array['UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo'])[1 + n % 4]
    from generate_series(1, ${subscriptions}) n`);
  await ctx.db.execute(sql`
    with subscribed as (
      insert into subscriptions (user_id, topic_id, frequency, delivery_method, delivery_time, next_delivery_at,
                                 anchor_date)
      select id, (${topicIds}::int[])[1 + n % ${TOPICS}], 'daily', 'both', '09:00', ${DISPATCH_AT}, '2025-01-01'
      from (select id, row_number() over (order by id) as n from users) numbered
      returning id)
    insert into subscription_channels (subscription_id, channel, enabled)
    select id, unnest(array['email', 'in_app', 'sms', 'push']), true from subscribed`);
  const twoDaysAgo = new Date(DISPATCH_AT.getTime() - 2 * 86_400_000);
  await ctx.db.execute(sql`
    with chosen as (
      select s.user_id, s.topic_id,
             (select w.id from words w where w.topic_id = s.topic_id order by w.rank desc limit 1) as word_id
      from subscriptions s where s.id % ${REVIEW_EVERY} = 0),
    delivered as (
      insert into deliveries (user_id, topic_id, word_id, slot_at, source, delivery_method, in_app, created_at)
      select user_id, topic_id, word_id, ${twoDaysAgo}, 'demo', 'in_app', false, ${twoDaysAgo} from chosen)
    insert into cards (user_id, word_id, topic_id, due, stability, difficulty, elapsed_days, scheduled_days,
                       learning_steps, reps, lapses, state, last_review, created_at)
    select user_id, word_id, topic_id, ${twoDaysAgo}::timestamptz + interval '1 day', 3, 5, 1, 1, 0, 2, 0, 'review',
           ${twoDaysAgo}::timestamptz + interval '1 hour', ${twoDaysAgo} from chosen`);
  // A product that has run a while: a pooled fit every learner without their own is valued with, and one learner in
  // ten (those with a review due) with weights of their own; each due row then carries its learner's weights.
  const weights = pgArray([...scheduler.parameters.w]);
  await ctx.db.execute(sql`
    insert into pooled_fsrs_parameters (weights, reviews, learners, fitted_at)
    values (${weights}::float8[], 10000, 50, ${twoDaysAgo})`);
  await ctx.db.execute(sql`
    update users u set fsrs_weights = ${weights}::float8[], fsrs_weights_fitted_at = ${twoDaysAgo},
                       fsrs_weights_reviews = 64
    from subscriptions s where s.user_id = u.id and s.id % ${REVIEW_EVERY} = 0`);
  // And what all learners' answers say about every word, which each review candidate is valued with.
  await ctx.db.execute(sql`
    insert into word_recall_estimates (word_id, first_asks, first_ask_recall, graded_reviews, recall_offset, fitted_at)
    select id, 100, 0.4, 100, -0.3, ${twoDaysAgo} from words`);
  await ctx.db.execute(sql`vacuum analyze`);
  // The context's LISTEN connection too: left open, it kept the bench process from exiting after its tables.
  await close();
  await handle.close();
  return database;
}

/** Starts `count` worker processes, lets them go together once all are connected, and waits for all of them. */
async function dispatchWithWorkers(
  url: string,
  count: number,
): Promise<{ seconds: number; workers: DispatchWorkerFigures[] }> {
  const children = Array.from({ length: count }, () =>
    spawn(
      process.execPath,
      // With the Node flags `npm run worker` gives a worker.
      [
        ...SERVER_NODE_FLAGS,
        ...cpuProfileFlags(),
        "--import",
        "tsx",
        path.join(ROOT, "bench/servers/dispatch-worker.ts"),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url, DISPATCH_AT: DISPATCH_AT.toISOString() },
        stdio: ["pipe", "pipe", "inherit"],
      },
    ),
  );
  const lines = children.map((child) => createInterface({ input: child.stdout })[Symbol.asyncIterator]());
  const nextLine = async (index: number) => {
    const line = await lines[index]!.next();
    if (line.done) throw new Error(`dispatch worker ${index} exited (${children[index]!.exitCode})`);
    return line.value;
  };
  await Promise.all(children.map((_, index) => nextLine(index)));
  const started = performance.now();
  for (const child of children) child.stdin.end("go\n");
  const workers = await Promise.all(
    children.map(async (child, index) => {
      const figures = JSON.parse(await nextLine(index)) as DispatchWorkerFigures;
      if (child.exitCode === null) await once(child, "exit");
      return figures;
    }),
  );
  return { seconds: (performance.now() - started) / 1000, workers };
}

/** Fails unless the slot produced exactly one delivery per subscription and one send per (delivery, channel). */
async function checkExactlyOnce(db: Executor, subscriptions: number): Promise<void> {
  const [counts] = await queryRows<{
    deliveries: number;
    subscriptions: number;
    reviews: number;
    sends: number;
    distinct_sends: number;
    still_due: number;
  }>(
    db,
    sql`select (select count(*)::int from deliveries where source = 'scheduled') as deliveries,
               (select count(distinct subscription_id)::int from deliveries where source = 'scheduled') as subscriptions,
               (select count(*)::int from deliveries where source = 'scheduled' and kind = 'review') as reviews,
               (select count(*)::int from delivery_sends) as sends,
               (select count(*)::int from (select distinct delivery_id, channel from delivery_sends) d) as distinct_sends,
               (select count(*)::int from subscriptions where next_delivery_at <= ${DISPATCH_AT}) as still_due`,
  );
  const deliveries = subscriptions + subscriptions / REVIEW_EVERY;
  const expected = {
    deliveries,
    subscriptions,
    reviews: subscriptions / REVIEW_EVERY,
    sends: deliveries * SENDS_PER_DELIVERY,
    distinct_sends: deliveries * SENDS_PER_DELIVERY,
    still_due: 0,
  };
  if (JSON.stringify(counts) !== JSON.stringify(expected))
    throw new Error(`found ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`);
}

/**
 * The baseline writes the same rows with nothing else to do: no claim, no word choice, no rescheduling. It copies
 * the slot's rows aside, empties the tables, and inserts them again 500 deliveries a statement, then one for their
 * sends, reading them back a batch at a time (memory stays flat at a million); only the INSERTs are timed.
 */
async function plainInsertSeconds(db: Executor): Promise<number> {
  const deliveryColumns =
    sql.raw(`id, user_id, subscription_id, topic_id, word_id, slot_at, slot_position, kind,
    source, delivery_method, in_app, sent_at, created_at`);
  await db.execute(sql`create table bench_deliveries as
                       select ${deliveryColumns} from deliveries where source = 'scheduled'`);
  await db.execute(sql`alter table bench_deliveries add primary key (id)`);
  await db.execute(
    sql`create table bench_sends as select delivery_id, channel, next_attempt_at, created_at from delivery_sends`,
  );
  await db.execute(sql`create index on bench_sends (delivery_id, channel)`);
  await db.execute(sql`truncate deliveries cascade`);
  let seconds = 0;
  let after = 0;
  for (;;) {
    const rows = await queryRows<Record<string, unknown> & { id: number }>(
      db,
      sql`select ${deliveryColumns} from bench_deliveries where id > ${after} order by id limit ${INSERT_BATCH}`,
    );
    if (rows.length === 0) break;
    const last = rows.at(-1)!.id;
    const sends = await queryRows<{
      delivery_id: number;
      channel: string;
      next_attempt_at: Date;
      created_at: Date;
    }>(
      db,
      sql`select delivery_id, channel, next_attempt_at, created_at from bench_sends
          where delivery_id > ${after} and delivery_id <= ${last} order by delivery_id, channel`,
    );
    after = last;
    const values = rows.map(
      (row) =>
        sql`(${row.id}, ${row.user_id}, ${row.subscription_id}, ${row.topic_id}, ${row.word_id}, ${row.slot_at},
             ${row.slot_position}, ${row.kind}, ${row.source}, ${row.delivery_method}, ${row.in_app}, ${row.sent_at},
             ${row.created_at})`,
    );
    const sendValues = sends.map(
      (send) => sql`(${send.delivery_id}, ${send.channel}, ${send.next_attempt_at}, ${send.created_at})`,
    );
    const started = performance.now();
    await db.execute(
      sql`insert into deliveries (${deliveryColumns}) overriding system value values ${sql.join(values, sql`, `)}`,
    );
    await db.execute(sql`insert into delivery_sends (delivery_id, channel, next_attempt_at, created_at)
                         values ${sql.join(sendValues, sql`, `)}`);
    seconds += (performance.now() - started) / 1000;
  }
  return seconds;
}

for (const subscriptions of sizes) {
  const template = await seed(subscriptions);
  try {
    const runs: { workers: number; seconds: number; peakRssMib: number }[] = [];
    let insertSeconds = 0;
    for (const workers of workerCounts) {
      const database = await createBenchDatabase(template.name);
      try {
        const run = await dispatchWithWorkers(database.url, workers);
        const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 1 });
        try {
          await checkExactlyOnce(handle.db, subscriptions);
          if (workers === 1) insertSeconds = await plainInsertSeconds(handle.db);
        } finally {
          await handle.close();
        }
        const peakRssMib = Math.max(...run.workers.map((worker) => worker.peakRssMib));
        runs.push({ workers, seconds: run.seconds, peakRssMib });
        // As each run ends: a million takes many minutes a run, and a session cut short keeps what it measured.
        console.log(
          `dispatch ${subscriptions}, ${workers} worker(s): ${run.seconds.toFixed(2)} s, checked exactly once, ` +
            `peak RSS ${peakRssMib} MiB a worker` +
            (workers === 1 ? `; plain INSERT of the same rows ${insertSeconds.toFixed(2)} s` : ""),
        );
      } finally {
        await database.drop();
      }
    }
    const single = runs.find((run) => run.workers === 1)!;
    printTable(
      `Dispatching ${subscriptions.toLocaleString("en-US")} due subscriptions (1 in ${REVIEW_EVERY} with a review due), e-mail + in-app + SMS + push, batches of 500 (target: one worker within ${MAX_RATIO}x the plain INSERT; more workers faster; every run checked: one delivery per subscription, one send per (delivery, channel))`,
      [
        ...runs.map((run) => ({
          step: `dispatch, ${run.workers} worker${run.workers === 1 ? "" : "s"}`,
          seconds: run.seconds.toFixed(2),
          "rows/s": Math.round(subscriptions / run.seconds),
          "x plain INSERT": (run.seconds / insertSeconds).toFixed(2),
          "speed-up": (single.seconds / run.seconds).toFixed(2),
          "peak RSS MiB (per worker)": run.peakRssMib,
        })),
        {
          step: `plain INSERT, ${INSERT_BATCH} deliveries (+ their sends) a statement`,
          seconds: insertSeconds.toFixed(2),
          "rows/s": Math.round(subscriptions / insertSeconds),
          "x plain INSERT": "1.00",
          "speed-up": "",
          "peak RSS MiB (per worker)": "",
        },
      ],
    );
    const ratio = single.seconds / insertSeconds;
    const fastest = Math.max(...runs.map((run) => single.seconds / run.seconds));
    console.log(
      `dispatch ${subscriptions}: ${single.seconds.toFixed(1)} s, ${ratio.toFixed(2)}x the plain INSERT (${verdict(ratio <= MAX_RATIO)}); ` +
        `best speed-up with more workers ${fastest.toFixed(2)}x (${verdict(runs.length === 1 || fastest > 1)})`,
    );
  } finally {
    await template.drop();
  }
}
