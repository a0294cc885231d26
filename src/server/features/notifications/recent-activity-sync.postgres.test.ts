import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE } from "@shared/constants";
import { buildApp } from "@server/app";
import { createContext, type OpenedContext } from "@server/bootstrap";
import { loadConfig } from "@server/config";
import { queryRows } from "@server/db/raw";
import { createSession } from "@server/platform/auth/session";
import { AdjustableClock } from "@server/platform/clock/clock";
import { insertTopic } from "@server/testing/content-fixtures";
import { createTestDatabase } from "@server/testing/test-database";
import { SAME_ORIGIN } from "@server/testing/test-app";
import { upsertUser } from "../auth/service";
import { runSchedulerOnce } from "../delivery/service";
import { RECENT_ACTIVITY_CACHE_MS } from "./recent-activity-cache";
import { dismissNotification } from "./service";

/**
 * Two processes on one database: A serves the polled list from its cache, B (a worker or another instance) changes
 * it. A must show B's change before its cache would have lapsed by itself.
 */
describe("the polled notification list across processes", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let serving: OpenedContext;
  let working: OpenedContext;
  let app: FastifyInstance;
  const clock = new AdjustableClock(new Date("2025-04-07T08:00:00Z"));
  const learners: { id: string; cookie: string; token: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const log = pino({ level: "silent" });
    serving = await createContext(config, log, { database, clock });
    working = await createContext(config, log, { database, clock });
    app = await buildApp(serving.ctx);
    await app.ready();
    const topic = await insertTopic(serving.ctx, "finance", 5);
    for (const email of ["first@example.com", "second@example.com"]) {
      const user = await upsertUser(serving.ctx, { email, timeZone: "UTC" });
      const token = await createSession(serving.ctx, user.id);
      const cookie = `${SESSION_COOKIE}=${token}`;
      const created = await app.inject({
        method: "POST",
        url: "/api/subscriptions",
        headers: { cookie, ...SAME_ORIGIN },
        payload: {
          topicId: topic.id,
          frequency: "daily",
          deliveryTime: "09:00",
          emailEnabled: false,
          inAppEnabled: true,
        },
      });
      expect(created.statusCode).toBe(201);
      learners.push({ id: user.id, cookie, token });
    }
    clock.set(new Date("2025-04-07T09:01:00Z"));
    await runSchedulerOnce(working.ctx);
    // A hears B once its LISTEN connection is up, which starts from an empty cache: on a loaded machine that can come
    // after the first reads, whose entries then vanish (or live only RECENT_ACTIVITY_CACHE_MS) and fail the checks.
    await vi.waitFor(() => expect(serving.ctx.recentActivity.isListening).toBe(true), { timeout: 30_000 });
  });
  afterAll(async () => {
    await app.close();
    await serving.close();
    await working.close();
    await database.close();
  });

  const recent = async (cookie: string) =>
    (await app.inject({ method: "GET", url: "/api/activity/recent", headers: { cookie } })).json() as {
      id: number;
    }[];

  /** Waits for A to show `expected`, for less than the time A's cache entry would live without notifications. */
  const expectSoon = (check: () => Promise<void>) =>
    vi.waitFor(check, { timeout: RECENT_ACTIVITY_CACHE_MS - 200, interval: 20 });

  it("shows another process's dismissal at once, and keeps other users' lists cached", async () => {
    const [first, second] = learners;
    const [word] = await recent(first!.cookie);
    expect(word).toBeDefined();
    expect(await recent(second!.cookie)).toHaveLength(1);

    await dismissNotification(working.ctx, first!.id, word!.id);
    await expectSoon(async () => expect(await recent(first!.cookie)).toEqual([]));
    expect(serving.ctx.recentActivity.get(second!.token)).toBeDefined();
  });

  it("shows a word's new text at once, whoever edits the library", async () => {
    const [, second] = learners;
    const textOf = async () =>
      (
        (
          await app.inject({
            method: "GET",
            url: "/api/activity/recent",
            headers: { cookie: second!.cookie },
          })
        ).json() as {
          content: { id: number; definition: string };
        }[]
      )[0]!.content;
    const { id } = await textOf();
    // As an operator's SQL or another instance's admin console would: nothing in the app is told but the database.
    await working.ctx.db.execute(sql`update words set definition = 'An edited definition.' where id = ${id}`);
    await expectSoon(async () => expect((await textOf()).definition).toBe("An edited definition."));
  });

  it("shows another process's new delivery at once", async () => {
    const [, second] = learners;
    expect(await recent(second!.cookie)).toHaveLength(1);
    clock.set(new Date("2025-04-08T09:01:00Z"));
    await runSchedulerOnce(working.ctx);
    // The day's new word, and yesterday's (unanswered) riding along as a review.
    await expectSoon(async () => expect(await recent(second!.cookie)).toHaveLength(3));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "a lost listening connection is made again, and changes reach the cache again",
    async () => {
      const [first] = learners;
      const listeners = () =>
        queryRows<{ pid: number }>(
          serving.ctx.db,
          sql`select pid from pg_stat_activity
              where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
        );
      const before = await listeners();
      expect(before).toHaveLength(2); // one per process
      await serving.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`,
      );
      await vi.waitFor(
        async () => {
          const now = await listeners();
          expect(now).toHaveLength(2);
          expect(now.some((row) => before.some((old) => old.pid === row.pid))).toBe(false);
        },
        { timeout: 10_000, interval: 100 },
      );

      const shown = (await recent(first!.cookie)).length;
      const deliveredTo = async () =>
        (
          await queryRows<{ count: number }>(
            serving.ctx.db,
            sql`select count(*)::int as count from deliveries where user_id = ${first!.id}`,
          )
        )[0]!.count;
      const deliveredBefore = await deliveredTo();
      clock.set(new Date("2025-04-09T09:01:00Z"));
      await runSchedulerOnce(working.ctx);
      const arrived = (await deliveredTo()) - deliveredBefore;
      expect(arrived).toBeGreaterThan(0);
      await expectSoon(async () => expect(await recent(first!.cookie)).toHaveLength(shown + arrived));
    },
    20_000,
  );
});
