// Soak: 1,000 signed-in tabs (opened over the first 20 s) poll GET /api/activity/recent every 2 s (sending the
// ETag of their last answer, as the browser does) while the server's own job loop delivers words every minute, for 10 minutes, against the built
// server: on the embedded defaults (PGlite) and on PostgreSQL. Targets: zero errors, and the server's memory (RSS,
// and heap after a full collection) at the end within 10% of what it was after the first minute.
//
//   npm run bench -- soak [--minutes 10] [--database both|pglite|postgres] [--tabs 1000]
//
// Not part of `npm run bench` without a name (it takes 20 minutes), nor of CI.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pino from "pino";
import { HOUR_MS, MINUTE_MS, SESSION_COOKIE } from "../src/shared/constants";
import { createContext } from "../src/server/bootstrap";
import { loadConfig, type Config } from "../src/server/config";
import { queryRows } from "../src/server/db/raw";
import { hashToken, newToken } from "../src/server/platform/auth/tokens";
import { ROOT, createBenchDatabase, freePort, printTable, verdict, waitForOk } from "./lib";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    database: { type: "string", default: "both" },
    tabs: { type: "string", default: "1000" },
  },
});
const MINUTES = Number(args.minutes);
const TABS = Number(args.tabs);
const DATABASES = args.database === "both" ? ["pglite", "postgres"] : [args.database];
if (!(MINUTES >= 2) || !(TABS >= 1) || DATABASES.some((kind) => kind !== "pglite" && kind !== "postgres")) {
  throw new Error(
    "usage: npm run bench -- soak [--minutes N >= 2] [--database both|pglite|postgres] [--tabs N]",
  );
}
const POLL_MS = 2000;
/**
 * Tabs open over the first 20 s, not all in the same 2 s: every first poll is a cache miss, and 1,000 of them at
 * once queue for about 10 s on PGlite's single connection on this machine (a restart's reconnect storm, which the
 * listen backlog absorbs without errors but not without that wait).
 */
const RAMP_MS = 20_000;
const SAMPLE_MS = 30_000;
const TARGET_GROWTH = 0.1;
/** Notifications each tab's list starts with (the dropdown shows 10). */
const PAST_DELIVERIES = 10;

const DIST = process.env.JARGON_DIST ?? "dist";
const SERVER_ENTRY = path.join(ROOT, DIST, "server", "main.js");
if (!existsSync(SERVER_ENTRY)) {
  throw new Error(`${SERVER_ENTRY} is missing: build first (JARGON_DIST=${DIST} npm run build).`);
}

interface Memory {
  rss: number;
  heapUsed: number;
}

/**
 * Seeds the database the server will open: the full content library (as a start would), then one user per tab,
 * each with a session, ten past notifications, and an hourly subscription (in-app and e-mail) at minute
 * `index % 60`: so every minute of the run, about a sixtieth of the users get a word from the real job loop.
 */
async function seed(config: Config): Promise<{ cookies: string[] }> {
  const { ctx, close } = await createContext(config, pino({ level: "silent" }), { library: "full" });
  try {
    const now = new Date();
    await ctx.db.execute(sql`
      insert into users (email, time_zone, subscription_plan)
      select 'soak-' || n || '@example.com', 'UTC', 'basic' from generate_series(1, ${TABS}) n`);
    await ctx.db.execute(sql`
      with numbered as (
        select u.id, row_number() over (order by u.email) - 1 as n from users u where u.email like 'soak-%'),
      topic_list as (
        select id, row_number() over (order by id) - 1 as n, count(*) over () as total
        from topics where id in (select topic_id from words where deleted_at is null group by topic_id having count(*) > 50)),
      subscribed as (
        insert into subscriptions (user_id, topic_id, frequency, delivery_method, delivery_time, next_delivery_at,
                                   anchor_date)
        select numbered.id, topic_list.id, 'hourly', 'both',
             '09:' || lpad((numbered.n % 60)::text, 2, '0'),
             case when date_trunc('hour', ${now}::timestamptz) + (numbered.n % 60) * interval '1 minute' > ${now}::timestamptz
                  then date_trunc('hour', ${now}::timestamptz) + (numbered.n % 60) * interval '1 minute'
                  else date_trunc('hour', ${now}::timestamptz) + (numbered.n % 60) * interval '1 minute' + interval '1 hour' end,
             ${now.toISOString().slice(0, 10)}
      from numbered join topic_list on topic_list.n = numbered.n % topic_list.total
      returning id)
      insert into subscription_channels (subscription_id, channel, enabled)
      select id, unnest(array['email', 'in_app']), true from subscribed`);
    // Past notifications: the words ranked last in each topic, so they never collide with what the run delivers.
    await ctx.db.execute(sql`
      insert into deliveries (user_id, subscription_id, topic_id, word_id, slot_at, source, delivery_method, in_app,
                              sent_at, created_at)
      select s.user_id, s.id, s.topic_id, w.id, slot, 'scheduled', 'in_app', true, slot, slot
      from subscriptions s
      cross join lateral (
        select id, row_number() over (order by rank desc, id) as k from words
        where topic_id = s.topic_id and deleted_at is null order by rank desc, id limit ${PAST_DELIVERIES}) w
      cross join lateral (select ${now}::timestamptz - w.k * ${HOUR_MS} * interval '1 millisecond' as slot) slots`);
    const users = await queryRows<{ id: string }>(
      ctx.db,
      sql`select id from users where email like 'soak-%' order by email`,
    );
    const cookies: string[] = [];
    const rows = users.map((user) => {
      const token = newToken();
      cookies.push(`${SESSION_COOKIE}=${token}`);
      return sql`(${hashToken(token)}, ${user.id}, ${new Date(now.getTime() + 30 * 24 * HOUR_MS)})`;
    });
    for (let start = 0; start < rows.length; start += 500) {
      await ctx.db.execute(
        sql`insert into sessions (token_hash, user_id, expires_at) values ${sql.join(rows.slice(start, start + 500), sql`, `)}`,
      );
    }
    return { cookies };
  } finally {
    await close();
  }
}

/** Deliveries the server's job loop made since `since` (read after the server stopped, for PGlite's sake). */
async function deliveriesSince(config: Config, since: Date): Promise<{ deliveries: number; emails: number }> {
  const { ctx, close } = await createContext(config, pino({ level: "silent" }));
  try {
    const [row] = await queryRows<{ deliveries: number; emails: number }>(
      ctx.db,
      sql`select count(*)::int as deliveries,
                 (select count(*)::int from delivery_sends ds join deliveries d on d.id = ds.delivery_id
                  where ds.channel = 'email' and ds.status = 'sent' and d.created_at >= ${since}) as emails
          from deliveries where created_at >= ${since}`,
    );
    return row ?? { deliveries: 0, emails: 0 };
  } finally {
    await close();
  }
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ["--expose-gc", "--import", path.join(ROOT, "bench/servers/memory-probe.mjs"), SERVER_ENTRY],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, JARGON_DIST: DIST },
      // The server's warnings and errors (LOG_LEVEL=warn) show in the bench's output.
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
}

function sampleMemory(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not report its memory")), 10_000);
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve(message as Memory);
    });
    child.send("memory");
  });
}

interface TabFigures {
  requests: number;
  ok200: number;
  notModified: number;
  errors: number;
  errorSamples: string[];
  latenciesMs: number[];
  /** Tabs that saw their list change (a 200 after a 304): deliveries reached the pollers. */
  tabsThatSawAChange: Set<number>;
}

/** One tab: a keep-alive connection of its own, a poll every 2 s with the ETag of its last 200. */
async function runTab(
  index: number,
  url: URL,
  cookie: string,
  until: number,
  figures: TabFigures,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let etag: string | undefined;
  let seenNotModified = false;
  let next = performance.now() + Math.random() * RAMP_MS;
  try {
    while (true) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      if (performance.now() >= until) return;
      next += POLL_MS;
      const started = performance.now();
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const request = http.get(
            url,
            { agent, headers: { cookie, ...(etag ? { "if-none-match": etag } : {}) }, timeout: 10_000 },
            (response) => {
              if (response.statusCode === 200) etag = response.headers.etag;
              response.resume();
              response.on("end", () => resolve(response.statusCode ?? 0));
              response.on("error", reject);
            },
          );
          request.on("timeout", () => request.destroy(new Error("timed out after 10 s")));
          request.on("error", reject);
        });
        figures.latenciesMs.push(performance.now() - started);
        figures.requests += 1;
        if (status === 200) {
          figures.ok200 += 1;
          if (seenNotModified) figures.tabsThatSawAChange.add(index);
        } else if (status === 304) {
          figures.notModified += 1;
          seenNotModified = true;
        } else {
          figures.errors += 1;
          if (figures.errorSamples.length < 5) figures.errorSamples.push(`HTTP ${status}`);
        }
      } catch (error) {
        figures.requests += 1;
        figures.errors += 1;
        if (figures.errorSamples.length < 5) figures.errorSamples.push(String(error));
      }
    }
  } finally {
    agent.destroy();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function soak(kind: "pglite" | "postgres") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "jargon-soak-"));
  const database = kind === "postgres" ? await createBenchDatabase() : undefined;
  const env: Record<string, string> = database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };
  const config = loadConfig({ LOG_LEVEL: "silent", ...env });
  try {
    console.log(`\n[${kind}] seeding ${TABS} users, sessions, subscriptions and notifications…`);
    const { cookies } = await seed(config);
    const port = await freePort();
    // The embedded defaults (no NODE_ENV, no SMTP_URL: e-mail goes to the local mailbox), plus a quiet log.
    const server = startServer({ ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    try {
      await waitForOk(`http://127.0.0.1:${port}/api/health`, 120_000);
      const url = new URL(`http://127.0.0.1:${port}/api/activity/recent`);
      const startedAt = new Date();
      const started = performance.now();
      const until = started + MINUTES * MINUTE_MS;
      const figures: TabFigures = {
        requests: 0,
        ok200: 0,
        notModified: 0,
        errors: 0,
        errorSamples: [],
        latenciesMs: [],
        tabsThatSawAChange: new Set(),
      };
      console.log(`[${kind}] ${TABS} tabs polling every ${POLL_MS / 1000} s for ${MINUTES} min…`);
      const tabs = cookies.map((cookie, index) => runTab(index, url, cookie, until, figures));

      const samples: { minute: number; memory: Memory }[] = [];
      let afterFirstMinute: Memory | undefined;
      let seenLatencies = 0;
      const sampler = (async () => {
        for (let at = MINUTE_MS; at <= MINUTES * MINUTE_MS - SAMPLE_MS / 2; at += SAMPLE_MS) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + at - performance.now())));
          const recent = figures.latenciesMs.slice(seenLatencies).sort((a, b) => a - b);
          seenLatencies = figures.latenciesMs.length;
          const memory = await sampleMemory(server);
          samples.push({ minute: at / MINUTE_MS, memory });
          afterFirstMinute ??= memory;
          console.log(
            `[${kind}] ${(at / MINUTE_MS).toFixed(1)} min: ${figures.requests} requests, ${figures.errors} errors, ` +
              `p99 since last ${percentile(recent, 99).toFixed(0)} ms, ` +
              `RSS ${mib(memory.rss)} MiB, heap ${mib(memory.heapUsed)} MiB`,
          );
        }
      })();
      await Promise.all(tabs);
      await sampler;
      const atEnd = await sampleMemory(server);
      const seconds = (performance.now() - started) / 1000;

      server.kill("SIGTERM");
      const exitCode = await exited;
      const made = await deliveriesSince(config, startedAt);
      const sorted = [...figures.latenciesMs].sort((a, b) => a - b);
      const first = afterFirstMinute ?? atEnd;
      const rssGrowth = atEnd.rss / first.rss - 1;
      const heapGrowth = atEnd.heapUsed / first.heapUsed - 1;
      const ok =
        figures.errors === 0 &&
        exitCode === 0 &&
        rssGrowth <= TARGET_GROWTH &&
        heapGrowth <= TARGET_GROWTH &&
        made.deliveries > 0;
      printTable(`Soak on ${kind}: ${TABS} tabs polling every ${POLL_MS / 1000} s for ${MINUTES} min`, [
        {
          requests: figures.requests,
          "req/s": Math.round(figures.requests / seconds),
          "200": figures.ok200,
          "304": figures.notModified,
          errors: figures.errors,
          "p50 ms": percentile(sorted, 50).toFixed(1),
          "p99 ms": percentile(sorted, 99).toFixed(1),
          "max ms": (sorted.at(-1) ?? 0).toFixed(0),
          deliveries: made.deliveries,
          "e-mails sent": made.emails,
          "tabs that saw a change": figures.tabsThatSawAChange.size,
        },
      ]);
      printTable(`Server memory on ${kind} (after a full GC)`, [
        { when: "after minute 1", "RSS MiB": mib(first.rss), "heap MiB": mib(first.heapUsed) },
        { when: "at the end", "RSS MiB": mib(atEnd.rss), "heap MiB": mib(atEnd.heapUsed) },
        {
          when: "end / minute 1",
          "RSS MiB": (atEnd.rss / first.rss).toFixed(3),
          "heap MiB": (atEnd.heapUsed / first.heapUsed).toFixed(3),
        },
      ]);
      if (figures.errorSamples.length > 0)
        console.log(`errors, first few: ${figures.errorSamples.join("; ")}`);
      console.log(
        `soak ${kind}: ${figures.requests} requests, ${figures.errors} errors, RSS ${(rssGrowth * 100).toFixed(1)}%, ` +
          `heap ${(heapGrowth * 100).toFixed(1)}% after minute 1, ${made.deliveries} deliveries, shutdown exit ${exitCode} ` +
          `(${verdict(ok)})`,
      );
      return ok;
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    }
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let failures = 0;
for (const kind of DATABASES) if (!(await soak(kind as "pglite" | "postgres"))) failures += 1;
process.exit(failures === 0 ? 0 : 1);
