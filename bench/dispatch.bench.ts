// Dispatching 100,000 due subscriptions with all four channels on (claim, plan each send's mix: look up the topic's
// due reviews and the day's review count, choose each new word, insert the delivery and its e-mail, SMS and push
// sends, raise "delivered", schedule the next slot) against a plain batched INSERT of the very same delivery and
// send rows, on real PostgreSQL, measured in the same run. One learner in ten has a review due, which their send
// carries instead of a new word. Only dispatch is timed: the
// senders (which would render and hand 300,000 messages to providers) do not run.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pino from "pino";
import { createContext } from "../src/server/bootstrap";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { queryRows } from "../src/server/db/raw";
import { dispatchAllDue } from "../src/server/features/delivery/service";
import { AdjustableClock } from "../src/server/platform/clock/clock";
import { insertTopic } from "../src/server/testing/content-fixtures";
import { recordingChannel } from "../src/server/testing/recording-channel";
import { createBenchDatabase, printTable, verdict } from "./lib";

const SUBSCRIPTIONS = 100_000;
const TOPICS = 20;
const INSERT_BATCH = 500;
/** Every REVIEW_EVERY-th subscription's learner has a card of its topic due (a word delivered two days ago). */
const REVIEW_EVERY = 10;
const TARGET_SECONDS = 60;
const MAX_RATIO = 2.5;

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
      // SMS and push through provider doubles, so dispatch queues their sends as it would with the real ones.
      channels: [recordingChannel("sms"), recordingChannel("push")],
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
    with subscribed as (
      insert into subscriptions (user_id, topic_id, frequency, delivery_method, delivery_time, next_delivery_at,
                                 anchor_date)
      select id, (${topicIds}::int[])[1 + n % ${TOPICS}], 'daily', 'both', '09:00', ${clock.now()}, '2025-01-01'
      from (select id, row_number() over (order by id) as n from users) numbered
      returning id)
    insert into subscription_channels (subscription_id, channel, enabled)
    select id, unnest(array['email', 'in_app', 'sms', 'push']), true from subscribed`);
  const now = clock.now();
  const twoDaysAgo = new Date(now.getTime() - 2 * 86_400_000);
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
  await ctx.db.execute(sql`analyze`);

  const started = performance.now();
  const run = await dispatchAllDue(ctx);
  const dispatchSeconds = (performance.now() - started) / 1000;
  if (run.delivered !== SUBSCRIPTIONS)
    throw new Error(`delivered ${run.delivered}, expected ${SUBSCRIPTIONS}`);
  const [reviews] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from deliveries where source = 'scheduled' and kind = 'review'`,
  );
  if (reviews!.n !== SUBSCRIPTIONS / REVIEW_EVERY)
    throw new Error(`sent ${reviews!.n} reviews, expected ${SUBSCRIPTIONS / REVIEW_EVERY}`);

  // The baseline writes the same rows with nothing else to do: no claim, no word choice, no rescheduling. Dispatch
  // writes each delivery's three sends too, so the baseline inserts them as well (a statement for each 500
  // deliveries, then one for their 1,500 sends): the comparison is of the work around the rows, not of the rows.
  const rows = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`select id, user_id, subscription_id, topic_id, word_id, slot_at, slot_position, kind, source, delivery_method,
               in_app, sent_at, created_at
        from deliveries where source = 'scheduled' order by id`,
  );
  const sends = await queryRows<{
    delivery_id: number;
    channel: string;
    next_attempt_at: Date;
    created_at: Date;
  }>(
    ctx.db,
    sql`select delivery_id, channel, next_attempt_at, created_at from delivery_sends order by delivery_id, channel`,
  );
  if (sends.length !== SUBSCRIPTIONS * 3)
    throw new Error(`queued ${sends.length} sends, expected ${SUBSCRIPTIONS * 3}`);
  await ctx.db.execute(sql`truncate deliveries cascade`);
  const insertStarted = performance.now();
  for (let offset = 0; offset < rows.length; offset += INSERT_BATCH) {
    const values = rows.slice(offset, offset + INSERT_BATCH).map(
      (row) =>
        sql`(${row.id}, ${row.user_id}, ${row.subscription_id}, ${row.topic_id}, ${row.word_id}, ${row.slot_at},
             ${row.slot_position}, ${row.kind}, ${row.source}, ${row.delivery_method}, ${row.in_app}, ${row.sent_at},
             ${row.created_at})`,
    );
    await ctx.db
      .execute(sql`insert into deliveries (id, user_id, subscription_id, topic_id, word_id, slot_at, slot_position,
                                           kind, source, delivery_method, in_app, sent_at, created_at)
                             overriding system value values ${sql.join(values, sql`, `)}`);
    const sendValues = sends
      .slice(offset * 3, (offset + INSERT_BATCH) * 3)
      .map(
        (send) => sql`(${send.delivery_id}, ${send.channel}, ${send.next_attempt_at}, ${send.created_at})`,
      );
    await ctx.db.execute(sql`insert into delivery_sends (delivery_id, channel, next_attempt_at, created_at)
                             values ${sql.join(sendValues, sql`, `)}`);
  }
  const insertSeconds = (performance.now() - insertStarted) / 1000;
  await handle.close();

  printTable(
    `Dispatching ${SUBSCRIPTIONS.toLocaleString("en-US")} due subscriptions (1 in ${REVIEW_EVERY} with a review due), e-mail + in-app + SMS + push (target: under ${TARGET_SECONDS} s, within 2.5x the plain INSERT)`,
    [
      {
        step: "dispatch (batches of 500)",
        seconds: dispatchSeconds.toFixed(2),
        "rows/s": Math.round(SUBSCRIPTIONS / dispatchSeconds),
      },
      {
        step: `plain INSERT, ${INSERT_BATCH} deliveries (+ their sends) a statement`,
        seconds: insertSeconds.toFixed(2),
        "rows/s": Math.round(SUBSCRIPTIONS / insertSeconds),
      },
    ],
  );
  const ratio = dispatchSeconds / insertSeconds;
  console.log(
    `dispatch: ${dispatchSeconds.toFixed(1)} s (${verdict(dispatchSeconds < TARGET_SECONDS)}), ` +
      `${ratio.toFixed(1)}x the time of the plain INSERT (${verdict(ratio <= MAX_RATIO)})`,
  );
} finally {
  await database.drop();
}
