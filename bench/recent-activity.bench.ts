// GET /api/activity/recent (signed in, 10 items, real PostgreSQL) against a bare Fastify JSON route:
// requests/s and p99 at 64 connections, each server in its own process, measured in the same run, and where the CPU
// goes per request: the server process, PostgreSQL (all its processes, when it runs on this machine) and autocannon
// (this process): on two shared cores a miss is bounded by their sum, not by the server alone. The misses' fresh cookies
// are requests built before each round (bench/lib.ts `load`), as autocannon writes them, since session 34: rebuilding
// every request in autocannon's setupRequest cost it some 10 µs of CPU a request that the bare route's client did not
// pay, a cost of the measurement, not of the server (what the server receives is the same). Since session 49 the bare
// route answers the poll's own 10 items (the body the app sends the bench's learner, byte for byte; checked), so the
// ratio compares two servers sending the same bytes: before, its items had the notification list's spec shape, 2,201
// bytes against the poll's 3,791 with cards, and on two cores autocannon's parsing of the extra bytes (10-20 µs of
// its CPU a request) was most of the gap. `--spec-items-baseline` gives the old baseline.
// Assumes what production has: tables vacuumed but for the newest word of each learner (see `deliver` below); every
// delivered word is the learner's card (new, due when it was sent, as createCardsOnDelivery makes it), so each item of
// a miss carries its card's fields (cardId, grade, when it comes back; the grade preview is asked apart, GET
// /api/review/previews, since 2026-11-29); and every delivery came with the learner's subscription, so an item's "comes
// back" reads its next send (since session 46; before, the deliveries had no subscription and the poll skipped that
// lookup). `--without-cards` seeds the deliveries alone, as this bench did before 2026-11-29 (to compare with figures
// measured then). The misses are of many learners, as in production (tabs miss after a change to their own learner's
// list): the fresh sessions of a round take the 2,001 seeded learners in turn, so the 64 misses under way are 64
// learners' lists. `--one-learner` gives them all to one learner, as before 2026-11-29: PostgreSQL then reads that
// learner's rows once for a whole shared read (its planner memoizes the lateral read by user id), which no production
// crowd of tabs does. Each learner's words are their own stretch of a library's worth (LIBRARY_WORDS words, 30 in a row
// from a place of the learner's), so the learners of one read mostly have different words, as learners of different
// topics and paces do.
// `--shared-words` gives every learner the same 40 words (the same ten newest), as before h16 (2026-11-29): PostgreSQL
// then wrote each word's JSON once for a whole read, which no production crowd of learners lets it do.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pino from "pino";
import { DAY_MS, SESSION_COOKIE } from "../src/shared/constants";
import { newCard } from "../src/shared/rules/learning/fsrs";
import { queryRows } from "../src/server/db/raw";
import { createContext } from "../src/server/bootstrap";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { upsertUser } from "../src/server/features/auth/service";
import { createSession } from "../src/server/platform/auth/session";
import { insertTopic } from "../src/server/testing/content-fixtures";
import {
  createBenchDatabase,
  freePort,
  load,
  localPostmasterPid,
  printTable,
  startNode,
  stopChild,
  verdict,
  waitForOk,
  type LoadFigures,
} from "./lib";

/** The middle one of `items` ordered by `value` (the upper middle of an even count). */
const middle = <T>(items: readonly T[], value: (item: T) => number): T =>
  [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)]!;

/** The round with the median throughput (its latency figures come with it). */
const median = (runs: LoadFigures[]): LoadFigures => middle(runs, (run) => run.requestsPerSecond);

/**
 * A variant's rounds against the bare route: each round's requests a second against the bare route's rounds just
 * before and just after it (their geometric mean). The variant's ratio is the median of these. The host's speed moves
 * by a fifth within a minute (session 46: one run's rounds of the 200 read 0.83, 1.04 and 1.15, each against the bare
 * route's round of the same turn), so a variant is compared with the bare route of its own moment rather than with
 * rounds minutes apart.
 */
const ratiosToBare = (variant: LoadFigures[], before: LoadFigures[], after: LoadFigures[]): number[] =>
  variant.map(
    (round, index) =>
      round.requestsPerSecond / Math.sqrt(before[index]!.requestsPerSecond * after[index]!.requestsPerSecond),
  );

const CONNECTIONS = 64;
const SECONDS = 6;
const ROUNDS = 5;
/**
 * Sessions per round of the cache-miss variant (its 2 s warm-up included): more than it can request in a round, so
 * none is asked twice. A round that asks more says so rather than passing hits off as misses.
 */
const COLD_SESSIONS_PER_ROUND = 150_000;
const TARGET_RATIO = 1.0;
const TARGET_MISS_RATIO = 0.3;
const TARGET_P99_MS = 25;
/** Words in the bench's library: about the size of the content library (8,200 words in 2026-11). */
const LIBRARY_WORDS = 4000;

const { values: options } = parseArgs({
  options: {
    "without-cards": { type: "boolean", default: false },
    "one-learner": { type: "boolean", default: false },
    "shared-words": { type: "boolean", default: false },
    "spec-items-baseline": { type: "boolean", default: false },
  },
  strict: false,
});
const withCards = !options["without-cards"];
const oneLearner = Boolean(options["one-learner"]);
const sharedWords = Boolean(options["shared-words"]);
const specItemsBaseline = Boolean(options["spec-items-baseline"]);

const database = await createBenchDatabase();
try {
  const handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
  const { ctx, close } = await createContext(
    loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    pino({ level: "silent" }),
    {
      database: handle,
    },
  );
  const topic = await insertTopic(ctx, "finance", sharedWords ? 40 : LIBRARY_WORDS);
  // Other users' rows make the index earn its keep.
  await ctx.db.execute(
    sql`insert into users (email) select 'other-' || n || '@example.com' from generate_series(1, 2000) n`,
  );
  const user = await upsertUser(ctx, { email: "bench@example.com", timeZone: "UTC" });
  await ctx.db.execute(sql`
    insert into subscriptions (user_id, topic_id, frequency, delivery_method, delivery_time, next_delivery_at, anchor_date)
    select id, ${topic.id}, 'daily', 'in_app', '09:00', now() + interval '1 day', date '2025-01-01' from users`);
  /** Each learner's deliveries of the hourly slots `first` to `last` (30 in all), each with its card. */
  const deliver = async (first: number, last: number) => {
    await ctx.db.execute(sql`
      insert into deliveries (user_id, topic_id, word_id, slot_at, source, delivery_method, in_app, sent_at, created_at, subscription_id)
      select u.id, ${topic.id}, words[1 + (${sharedWords ? sql`0` : sql`abs(hashtext(u.id))`} + n) % cardinality(words)],
             ts, 'scheduled', 'in_app', true, ts, ts, (select s.id from subscriptions s where s.user_id = u.id)
      from users u,
           (select ${`{${topic.wordIds.join(",")}}`}::int[] as words) library,
           lateral (select n, timestamptz '2025-01-01' + n * interval '1 hour' as ts
                    from generate_series(${first}::int, ${last}::int) n) slots`);
    if (!withCards) return;
    const card = newCard(new Date(0));
    await ctx.db.execute(sql`
      insert into cards (user_id, word_id, topic_id, due, stability, difficulty, elapsed_days, scheduled_days,
                         learning_steps, reps, lapses, state, created_at)
      select distinct on (user_id, word_id) user_id, word_id, topic_id, sent_at, ${card.stability}::float8,
             ${card.difficulty}::float8, ${card.elapsedDays}::int, ${card.scheduledDays}::int, ${card.learningSteps}::int,
             ${card.reps}::int, ${card.lapses}::int, ${card.state}::text, sent_at
      from deliveries where sent_at >= timestamptz '2025-01-01' + ${first}::int * interval '1 hour'
      order by user_id, word_id, sent_at`);
  };
  // As production's tables stand between two of autovacuum's visits (migration 0029 has it come by after 1% of a
  // table's rows changed): every learner's older words vacuumed, so the visibility map says their rows are visible
  // to all, and the newest word delivered since, its delivery and card on pages not vacuumed yet.
  await deliver(1, 29);
  await ctx.db.execute(sql`vacuum deliveries, cards`);
  await deliver(30, 30);
  const cookie = `${SESSION_COOKIE}=${await createSession(ctx, user.id)}`;
  // Fresh sessions for every round of the miss variant: none is asked twice, so every request takes the database path.
  // Made by PostgreSQL (a token and its hash, as hashToken makes it): a million rows from Node would take minutes.
  const coldCookies: string[][] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const rows = await queryRows<{ token: string }>(
      ctx.db,
      sql`with fresh as (select n, md5(random()::text || n) as token from generate_series(1, ${COLD_SESSIONS_PER_ROUND}) n),
               learners as (select array_agg(id order by id) as ids from users where ${!oneLearner} or id = ${user.id}),
               inserted as (insert into sessions (token_hash, user_id, expires_at)
                 select encode(sha256(convert_to(token, 'UTF8')), 'hex'), ids[1 + n % cardinality(ids)],
                        ${new Date(Date.now() + DAY_MS)}
                 from fresh, learners)
          select token from fresh order by n`,
    );
    coldCookies.push(rows.map(({ token }) => `${SESSION_COOKIE}=${token}`));
  }
  // Statistics, as production's tables have them: without them the planner guesses the poll's plan, and autovacuum's
  // own ANALYZE would change it at some moment during the rounds.
  await ctx.db.execute(sql`analyze`);
  // The context's LISTEN connection too: left open, it kept this process (and `npm run bench`) from ever exiting.
  await close();
  await handle.close();

  const databasePid = await localPostmasterPid(database.url);
  const appPort = await freePort();
  const app = startNode("src/server/main.ts", {
    DATABASE_URL: database.url,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${appPort}`,
    SCHEDULER: "off",
    NODE_ENV: "production",
    SESSION_SECRET: "benchmark-session-secret-0123456789-abcdefghijklmnop",
    // Production refuses the embedded mailbox and sandbox; this bench sends no mail and takes no payment.
    SMTP_URL: "smtp://127.0.0.1:1",
    PAYMENTS: "sandbox",
    // Production's own log level (info), written to /dev/null: what a route logs per request is part of its cost.
  });
  let bare: ReturnType<typeof startNode> | undefined;
  try {
    // The app compiles its TypeScript on start: on a loaded machine that takes longer than the default wait.
    await waitForOk(`http://127.0.0.1:${appPort}/api/health`, 120_000);
    const appUrl = `http://127.0.0.1:${appPort}/api/activity/recent`;
    const first = await fetch(appUrl, { headers: { cookie } });
    const body = await first.text();
    const items = JSON.parse(body) as { cardId: number | null }[];
    if (first.status !== 200 || items.length !== 10)
      throw new Error(`unexpected answer: ${first.status}, ${items.length} items`);
    if (items.some((item) => (item.cardId !== null) !== withCards))
      throw new Error(`the items' cards do not match the data (${withCards ? "with" : "without"} cards)`);
    const etag = first.headers.get("etag") ?? "";
    const barePort = await freePort();
    const bareServer = startNode("bench/servers/bare-fastify.ts", {
      PORT: String(barePort),
      ...(specItemsBaseline ? {} : { BARE_ITEMS: body }),
    });
    bare = bareServer;
    await waitForOk(`http://127.0.0.1:${barePort}/api/activity/recent`);
    const bareBody = await (await fetch(`http://127.0.0.1:${barePort}/api/activity/recent`)).text();
    if (!specItemsBaseline && bareBody !== body)
      throw new Error("the bare route's body differs from the poll's");

    // The machine is shared and noisy: the variants take turns with the bare route between any two (see ratiosToBare).
    const bareRoute = () =>
      load(`http://127.0.0.1:${barePort}/api/activity/recent`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        serverPid: bareServer.pid,
      });
    const variants = {
      full: () =>
        load(appUrl, {
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: { cookie },
          serverPid: app.pid,
          databasePid,
        }),
      uncached: () =>
        load(appUrl, {
          connections: CONNECTIONS,
          seconds: SECONDS,
          rotateCookies: coldCookies[rounds.uncached.length]!,
          serverPid: app.pid,
          databasePid,
        }),
      revalidated: () =>
        load(appUrl, {
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: { cookie, "if-none-match": etag },
          serverPid: app.pid,
          databasePid,
        }),
    };
    type Variant = keyof typeof variants;
    const rounds: Record<Variant, LoadFigures[]> = { full: [], uncached: [], revalidated: [] };
    /** The bare route's rounds just before and just after each variant's rounds. */
    const bareBefore: Record<Variant, LoadFigures[]> = { full: [], uncached: [], revalidated: [] };
    const bareAfter: Record<Variant, LoadFigures[]> = { full: [], uncached: [], revalidated: [] };
    const bareRounds: LoadFigures[] = [await bareRoute()];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of Object.keys(variants) as Variant[]) {
        bareBefore[name].push(bareRounds.at(-1)!);
        rounds[name].push(await variants[name]());
        bareRounds.push(await bareRoute());
        bareAfter[name].push(bareRounds.at(-1)!);
      }
    }
    const baseline = median(bareRounds);
    const roundRatiosOf = (name: Variant) => ratiosToBare(rounds[name], bareBefore[name], bareAfter[name]);
    const ratioOf = (name: Variant) => middle(roundRatiosOf(name), (ratio) => ratio);

    const row = (name: string, figures: LoadFigures, ratio: number) => ({
      server: name,
      "req/s": figures.requestsPerSecond,
      "p50 ms": figures.p50Ms,
      "p99 ms": figures.p99Ms,
      "ratio to bare": ratio.toFixed(2),
      "server CPU µs/req": figures.cpuMicrosPerRequest ?? "",
      "CPU ratio": ((baseline.cpuMicrosPerRequest ?? 0) / (figures.cpuMicrosPerRequest ?? 1)).toFixed(2),
      "PostgreSQL CPU µs/req": figures.databaseCpuMicrosPerRequest ?? "",
      "autocannon CPU µs/req": figures.loadGeneratorCpuMicrosPerRequest,
      "non-2xx": figures.non2xx,
      errors: figures.errors,
    });
    const full = median(rounds.full);
    printTable(
      `GET /api/activity/recent, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, the bare route between any two, each figure its median round, each ratio the median of its rounds against the bare route's just before and after, ${withCards ? "each word with its card" : "words without cards (--without-cards)"}, ${sharedWords ? "every learner the same 40 words (--shared-words)" : `each learner's own words of ${LIBRARY_WORDS}`}, misses of ${oneLearner ? "one learner (--one-learner)" : "2,001 learners in turn"} (targets: ratio >= ${TARGET_RATIO} and p99 <= ${TARGET_P99_MS} ms on a 200, miss ratio >= ${TARGET_MISS_RATIO})`,
      [
        row(
          specItemsBaseline
            ? `bare Fastify JSON route, 10 spec-shaped items (${bareBody.length} bytes; --spec-items-baseline)`
            : `bare Fastify JSON route, the poll's own 10 items (${bareBody.length} bytes)`,
          baseline,
          1,
        ),
        row("Jargon, 200 with 10 items", full, ratioOf("full")),
        row("Jargon, 304 (If-None-Match)", median(rounds.revalidated), ratioOf("revalidated")),
        row("Jargon, cache miss every time", median(rounds.uncached), ratioOf("uncached")),
      ],
    );
    const ratio = ratioOf("full");
    const missRatio = ratioOf("uncached");
    console.log(
      `recent-activity: ratio ${ratio.toFixed(2)} (${verdict(ratio >= TARGET_RATIO)}), p99 ${full.p99Ms} ms (${verdict(full.p99Ms <= TARGET_P99_MS)}), miss ratio ${missRatio.toFixed(2)} (${verdict(missRatio >= TARGET_MISS_RATIO)})`,
    );
    console.log(
      "each round against the bare route's before and after it (spread):",
      (Object.keys(variants) as Variant[])
        .map(
          (name) =>
            `${name} ${roundRatiosOf(name)
              .map((ratio) => ratio.toFixed(2))
              .join("/")}`,
        )
        .join(", "),
      `; the bare route's rounds ${bareRounds.map((round) => round.requestsPerSecond).join("/")} req/s`,
    );
    // The warm-up asks for sessions too: SECONDS + 2 s of requests must fit in a round's fresh sessions.
    if (rounds.uncached.some((round) => round.requestsPerSecond * (SECONDS + 2) > COLD_SESSIONS_PER_ROUND))
      console.log(
        "recent-activity: the miss variant ran out of fresh sessions, so some of its requests were hits",
      );
  } finally {
    if (bare) await stopChild(bare);
    await stopChild(app);
  }
} finally {
  await database.drop();
}
