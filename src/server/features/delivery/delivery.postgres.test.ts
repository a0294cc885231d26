import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContext, type OpenedContext } from "@server/bootstrap";
import { ROOT_DIR, loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { queryRows } from "@server/db/raw";
import { AdjustableClock } from "@server/platform/clock/clock";
import type { Mailer, OutgoingMail } from "@server/platform/mail/mailer";
import { insertTopic } from "@server/testing/content-fixtures";
import { recordingChannel, type RecordingChannel } from "@server/testing/recording-channel";
import { createTestDatabase } from "@server/testing/test-database";
import { sendDueBatch } from "./sender";
import { runSchedulerOnce } from "./service";

const serverUrl = process.env.TEST_DATABASE_URL;
const title = serverUrl
  ? "delivery on real PostgreSQL"
  : "delivery on real PostgreSQL (SKIPPED: set TEST_DATABASE_URL to a PostgreSQL server to run the two-worker and SIGKILL tests)";

/** An in-memory Mailer: records every message handed to it, as an SMTP server would. */
function recordingMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { kind: "smtp", sent, send: async (mail) => void sent.push(mail), close: async () => undefined };
}

/** `count` users, each with one subscription (daily 09:00 UTC) due at `dueAt`. */
async function seedDueSubscriptions(
  db: OpenedContext["ctx"]["db"],
  topicId: number,
  count: number,
  dueAt: Date,
  channels: { inApp: boolean; sms: boolean; emailEvery: number },
  wordsPerSend = 1,
) {
  // E-mail is on for every `emailEvery`-th subscription (rendering 20,000 e-mails would dwarf the dispatch).
  await db.execute(sql`
    with new_users as (
      insert into users (email, time_zone)
      select 'load-' || n || '-' || ${topicId} || '@example.com', 'UTC' from generate_series(1, ${count}) n
      returning id),
    numbered as (select id, row_number() over (order by id) % ${channels.emailEvery} = 0 as email from new_users),
    subscribed as (
      insert into subscriptions (user_id, topic_id, frequency, delivery_method, delivery_time, next_delivery_at,
                                 anchor_date, words_per_send)
      select id, ${topicId}, 'daily',
             case when email and ${channels.inApp} then 'both' when email then 'email' else 'in_app' end,
             '09:00', ${dueAt}, '2025-01-01', ${wordsPerSend}
      from numbered
      returning id, user_id)
    insert into subscription_channels (subscription_id, channel, enabled)
    select subscribed.id, c.channel, c.enabled
    from subscribed join numbered on numbered.id = subscribed.user_id
    cross join lateral (values ('email', numbered.email), ('in_app', ${channels.inApp}),
                               ('sms', ${channels.sms})) as c(channel, enabled)`);
}

/** Empties the delivery tables and the load users between tests of one database. */
async function clearDeliveries(db: OpenedContext["ctx"]["db"]) {
  await db.execute(sql`truncate delivery_sends, deliveries, cards, review_logs, subscriptions cascade`);
}

/** A worker of its own on the test database (its own pool), on the shared clock, with these providers. */
async function openWorker(
  database: Awaited<ReturnType<typeof createTestDatabase>>,
  clock: AdjustableClock,
  providers: { mailer?: Mailer; channels: RecordingChannel[] },
): Promise<OpenedContext> {
  const handle = await openDatabase({ kind: "postgres", url: database.url!, poolSize: 4 });
  const opened = await createContext(
    loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    pino({ level: "silent" }),
    { database: handle, clock, ...providers },
  );
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await handle.close();
    },
  };
}

if (!serverUrl) console.warn(`Skipping: ${title}`);

describe.skipIf(!serverUrl)(title, () => {
  const log = pino({ level: "silent" });

  describe("two workers on one database", () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    const workers: (OpenedContext & { mailer: ReturnType<typeof recordingMailer>; sms: RecordingChannel })[] =
      [];
    const clock = new AdjustableClock(new Date("2025-05-01T09:00:00Z"));
    beforeAll(async () => {
      database = await createTestDatabase();
      for (let index = 0; index < 2; index += 1) {
        const mailer = recordingMailer();
        const sms = recordingChannel("sms");
        workers.push({ ...(await openWorker(database, clock, { mailer, channels: [sms] })), mailer, sms });
      }
    });
    afterAll(async () => {
      for (const worker of workers) await worker.close();
      await database.close();
    });

    // Ten dispatch batches of 50 a day and twenty send batches of 25 per channel: enough that both workers take
    // batches (the sharing under test) while both render their e-mails in this one test process. 1,500 took over
    // three minutes of the gate under load for the same assertions.
    const SUBSCRIBERS = 500;
    it("deliver every slot exactly once, in-app, by e-mail and by SMS, sharing the work", async () => {
      const topic = await insertTopic(workers[0]!.ctx, "finance", 20);
      await seedDueSubscriptions(
        workers[0]!.ctx.db,
        topic.id,
        SUBSCRIBERS,
        new Date("2025-05-01T09:00:00Z"),
        {
          inApp: true,
          sms: true,
          emailEvery: 1,
        },
      );

      // Day 1: a new word each; day 2: the next new word, and day 1's (unanswered) riding along as a review.
      for (const [slot, wordsEach] of [
        ["2025-05-01T09:00:00Z", 1],
        ["2025-05-02T09:00:00Z", 2],
      ] as const) {
        clock.set(new Date(slot));
        const runs = await Promise.all(
          workers.map((worker) => runSchedulerOnce(worker.ctx, { batchSize: 50, sendBatchSize: 25 })),
        );
        expect(runs[0]!.delivered + runs[1]!.delivered).toBe(wordsEach * SUBSCRIBERS);
        expect(runs[0]!.delivered).toBeGreaterThan(0);
        expect(runs[1]!.delivered).toBeGreaterThan(0);
        // One e-mail per send, whatever it carries (issue 22); a text per word.
        expect(runs[0]!.emailsSent + runs[1]!.emailsSent).toBe(SUBSCRIBERS);
        expect(runs[0]!.sends.sms!.sent + runs[1]!.sends.sms!.sent).toBe(wordsEach * SUBSCRIBERS);
      }
      const [totals] = await queryRows<{ rows: number; slots: number; sends: number; unsent: number }>(
        workers[0]!.ctx.db,
        sql`select count(*)::int as rows, count(distinct (subscription_id, slot_at))::int as slots,
                   (select count(*)::int from delivery_sends) as sends,
                   (select count(*)::int from delivery_sends where status <> 'sent') as unsent
            from deliveries`,
      );
      expect(totals).toEqual({
        rows: 3 * SUBSCRIBERS,
        slots: 2 * SUBSCRIBERS,
        sends: 6 * SUBSCRIBERS,
        unsent: 0,
      });
      const recipients = workers.flatMap((worker) =>
        worker.mailer.sent.map((mail) => `${mail.to}|${mail.subject}`),
      );
      expect(recipients).toHaveLength(2 * SUBSCRIBERS);
      expect(new Set(recipients).size).toBe(2 * SUBSCRIBERS); // one e-mail a send, nobody got one twice
      const texts = workers.flatMap((worker) => worker.sms.accepted.map((message) => message.deliveryId));
      expect(texts).toHaveLength(3 * SUBSCRIBERS);
      expect(new Set(texts).size).toBe(3 * SUBSCRIBERS); // each delivery's SMS went once
    }, 240_000);

    it("deliver each word of a three-word send exactly once, new words and the reviews riding along, on every channel", async () => {
      const MIXED = 400;
      await clearDeliveries(workers[0]!.ctx.db);
      for (const worker of workers) {
        worker.mailer.sent.length = 0;
        worker.sms.accepted.length = 0;
      }
      const topic = await insertTopic(workers[0]!.ctx, "mixed", 20);
      await seedDueSubscriptions(
        workers[0]!.ctx.db,
        topic.id,
        MIXED,
        new Date("2025-06-01T09:00:00Z"),
        { inApp: true, sms: true, emailEvery: 1 },
        3,
      );
      // Day 1: three new words each; day 2: three more, and day 1's three (unanswered) riding along as reviews.
      for (const [slot, wordsEach] of [
        ["2025-06-01T09:00:00Z", 3],
        ["2025-06-02T09:00:00Z", 6],
      ] as const) {
        clock.set(new Date(slot));
        const runs = await Promise.all(
          workers.map((worker) => runSchedulerOnce(worker.ctx, { batchSize: 40, sendBatchSize: 25 })),
        );
        expect(runs[0]!.delivered + runs[1]!.delivered).toBe(wordsEach * MIXED);
        expect(runs[0]!.emailsSent + runs[1]!.emailsSent).toBe(MIXED); // one e-mail per send
      }
      const [totals] = await queryRows<{
        rows: number;
        positions: number;
        words: number;
        reviews: number;
        sends: number;
        unsent: number;
      }>(
        workers[0]!.ctx.db,
        sql`select count(*)::int as rows,
                   count(distinct (subscription_id, slot_at, slot_position))::int as positions,
                   count(distinct (user_id, word_id, kind))::int as words,
                   count(*) filter (where kind = 'review')::int as reviews,
                   (select count(*)::int from delivery_sends) as sends,
                   (select count(*)::int from delivery_sends where status <> 'sent') as unsent
            from deliveries`,
      );
      expect(totals).toEqual({
        rows: 9 * MIXED,
        positions: 9 * MIXED,
        words: 9 * MIXED, // six different new words over the two days, and day 1's three again as reviews
        reviews: 3 * MIXED,
        sends: 18 * MIXED,
        unsent: 0,
      });
      const mails = workers.flatMap((worker) =>
        worker.mailer.sent.map((mail) => `${mail.to}|${mail.subject}`),
      );
      expect(mails).toHaveLength(2 * MIXED);
      expect(new Set(mails).size).toBe(2 * MIXED);
      const texts = workers.flatMap((worker) => worker.sms.accepted.map((message) => message.deliveryId));
      expect(new Set(texts).size).toBe(9 * MIXED);
      expect(texts).toHaveLength(9 * MIXED);
    }, 240_000);

    it("send each learner's daily review exactly once between them, its reviews only, by e-mail", async () => {
      const LEARNERS = 300;
      await clearDeliveries(workers[0]!.ctx.db);
      for (const worker of workers) {
        worker.mailer.sent.length = 0;
        worker.sms.accepted.length = 0;
      }
      const topic = await insertTopic(workers[0]!.ctx, "daily-review", 20);
      await seedDueSubscriptions(workers[0]!.ctx.db, topic.id, LEARNERS, new Date("2025-07-01T09:00:00Z"), {
        inApp: true,
        sms: true,
        emailEvery: 1,
      });
      const both = () =>
        Promise.all(
          workers.map((worker) => runSchedulerOnce(worker.ctx, { batchSize: 40, sendBatchSize: 25 })),
        );
      clock.set(new Date("2025-07-01T09:00:00Z"));
      await both();
      // Day 1's word is due again on day 2; these learners take their reviews at 18:00.
      await workers[0]!.ctx.db.execute(
        sql`update users set review_delivery = 'daily_review', next_daily_review_at = '2025-07-02T18:00:00Z'
            where id in (select user_id from subscriptions where topic_id = ${topic.id})`,
      );
      clock.set(new Date("2025-07-02T09:00:00Z"));
      const morning = await both();
      expect(morning[0]!.delivered + morning[1]!.delivered).toBe(LEARNERS); // the new word alone
      for (const at of ["2025-07-02T18:00:00Z", "2025-07-02T18:00:30Z", "2025-07-02T18:30:00Z"]) {
        clock.set(new Date(at));
        const evening = await both();
        const delivered = evening[0]!.delivered + evening[1]!.delivered;
        expect(delivered).toBe(at === "2025-07-02T18:00:00Z" ? LEARNERS : 0);
      }
      const [totals] = await queryRows<{ reviews: number; at1800: number; sends: number; texts: number }>(
        workers[0]!.ctx.db,
        sql`select count(*) filter (where kind = 'review')::int as reviews,
                   count(*) filter (where kind = 'review' and slot_at = '2025-07-02T18:00:00Z')::int as at1800,
                   (select count(*)::int from delivery_sends s join deliveries d on d.id = s.delivery_id
                    where d.kind = 'review') as sends,
                   (select count(*)::int from delivery_sends s join deliveries d on d.id = s.delivery_id
                    where d.kind = 'review' and s.channel = 'sms') as texts
            from deliveries`,
      );
      expect(totals).toEqual({ reviews: LEARNERS, at1800: LEARNERS, sends: LEARNERS, texts: 0 });
      const reviewMails = workers
        .flatMap((worker) => worker.mailer.sent)
        .filter((mail) => mail.subject.startsWith("Quick review"))
        .map((mail) => mail.to);
      expect(reviewMails).toHaveLength(LEARNERS);
      expect(new Set(reviewMails).size).toBe(LEARNERS);
    }, 240_000);
  });

  describe("a notification that carries only its send's first word, with two senders", () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    const senders: (OpenedContext & { push: RecordingChannel })[] = [];
    const clock = new AdjustableClock(new Date("2025-07-01T09:00:00Z"));
    beforeAll(async () => {
      database = await createTestDatabase();
      for (let index = 0; index < 2; index += 1) {
        const push = recordingChannel("push", { leadOnly: true });
        senders.push({ ...(await openWorker(database, clock, { channels: [push] })), push });
      }
    });
    afterAll(async () => {
      for (const sender of senders) await sender.close();
      await database.close();
    });

    it("is one notification per send, also when the other sender looks while the first records what it sent", async () => {
      const [first, second] = senders;
      const topic = await insertTopic(first!.ctx, "notified", 5);
      await first!.ctx.db.execute(sql`
        with learner as (insert into users (email, time_zone) values ('pushed@example.com', 'UTC') returning id),
             subscribed as (
               insert into subscriptions (user_id, topic_id, frequency, delivery_method, delivery_time,
                                          next_delivery_at, anchor_date, words_per_send)
               select id, ${topic.id}, 'daily', 'in_app', '09:00', ${clock.now()}, '2025-01-01', 2 from learner
               returning id)
        insert into subscription_channels (subscription_id, channel, enabled)
        select id, c.channel, true from subscribed, (values ('in_app'), ('push')) as c(channel)`);
      // The first sender, having sent the notification, pauses before it drops the second word's push send (which
      // the notification did not carry); the second sender looks for due sends meanwhile.
      await first!.ctx.db.execute(sql`
        create function pause_before_send_removal() returns trigger language plpgsql as
          $$ begin perform pg_sleep(1); return null; end $$;
        create trigger pause_before_send_removal before delete on delivery_sends
          for each statement execute function pause_before_send_removal()`);
      try {
        const firstRun = runSchedulerOnce(first!.ctx);
        await expect
          .poll(
            async () =>
              (
                await queryRows<{ n: number }>(
                  second!.ctx.db,
                  sql`select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep'`,
                )
              )[0]!.n,
          )
          .toBe(1);
        await sendDueBatch(second!.ctx, second!.push, 25);
        expect((await firstRun).delivered).toBe(2);
      } finally {
        await first!.ctx.db.execute(sql`drop function pause_before_send_removal() cascade`);
      }
      expect(first!.push.accepted).toHaveLength(1);
      expect(second!.push.accepted).toHaveLength(0);
      const sends = await queryRows<{ channel: string; status: string }>(
        first!.ctx.db,
        sql`select channel, status from delivery_sends order by delivery_id, channel`,
      );
      expect(sends).toEqual([{ channel: "push", status: "sent" }]);
    }, 60_000);
  });

  describe("a worker killed with SIGKILL in the middle of a batch", () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let opened: OpenedContext;
    const children: ChildProcess[] = [];
    const startWorker = () => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(ROOT_DIR, "src/server/worker.ts")],
        {
          cwd: ROOT_DIR,
          env: {
            ...process.env,
            DATABASE_URL: database.url!,
            LOG_LEVEL: "silent",
            NODE_ENV: "development",
            SMTP_URL: "",
          },
          stdio: ["ignore", "ignore", "inherit"],
        },
      );
      children.push(child);
      return child;
    };
    beforeAll(async () => {
      database = await createTestDatabase();
      opened = await createContext(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }), log, { database });
    });
    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
      await opened.close();
      await database.close();
    });

    const count = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ n: number }>(opened.ctx.db, query))[0]!.n;

    it("is restarted and every due slot ends up delivered exactly once, in the app and by e-mail", async () => {
      // Ten dispatch batches (500 each) and ten send batches of e-mail: room to kill the worker inside one with more
      // to come. 20,000 needed more than the restarted worker's two minutes to finish on a loaded 2-core machine.
      const total = 5_000;
      const emailEvery = 10;
      const topic = await insertTopic(opened.ctx, "crash", 50);
      const dueAt = new Date(Date.now() - 60_000); // the worker runs on the real clock
      await seedDueSubscriptions(opened.ctx.db, topic.id, total, dueAt, {
        inApp: true,
        sms: false,
        emailEvery,
      });
      const dbName = new URL(database.url!).pathname.slice(1);

      const first = startWorker();
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        first.on("exit", (_code, signal) => resolve(signal)),
      );
      // Wait until some batches are committed, more remain, and the worker holds a batch transaction open: then kill.
      let killedMidBatch = false;
      const deadline = Date.now() + 60_000;
      while (!killedMidBatch && Date.now() < deadline) {
        const delivered = await count(sql`select count(*)::int as n from deliveries`);
        const openTransactions = await count(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = ${dbName} and pid <> pg_backend_pid() and xact_start is not null
                and query ilike '%subscriptions%'`,
        );
        if (delivered > 0 && delivered < total && openTransactions > 0) {
          first.kill("SIGKILL");
          killedMidBatch = true;
        } else {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      expect(killedMidBatch).toBe(true);
      expect(await exited).toBe("SIGKILL");
      const afterCrash = await count(sql`select count(*)::int as n from deliveries`);
      expect(afterCrash).toBeLessThan(total);

      const second = startWorker();
      const until = Date.now() + 120_000;
      const unfinished = sql`select (${total} - (select count(*) from deliveries)
                                     + (select count(*) from delivery_sends where status <> 'sent'))::int as n`;
      while ((await count(unfinished)) > 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const stopped = new Promise<number | null>((resolve) => second.on("exit", (code) => resolve(code)));
      second.kill("SIGTERM");
      expect(await stopped).toBe(0); // graceful: finished its batch and exited cleanly

      const [totals] = await queryRows<{
        rows: number;
        subscriptions: number;
        still_due: number;
        emails: number;
        sent: number;
        mailbox: number;
        message_ids: number;
      }>(
        opened.ctx.db,
        sql`select (select count(*)::int from deliveries) as rows,
                   (select count(distinct subscription_id)::int from deliveries) as subscriptions,
                   (select count(*)::int from subscriptions where next_delivery_at <= ${dueAt}) as still_due,
                   (select count(*)::int from delivery_sends) as emails,
                   (select count(*)::int from delivery_sends where status = 'sent' and attempts = 1) as sent,
                   (select count(*)::int from mailbox) as mailbox,
                   (select count(distinct headers->>'Message-ID')::int from mailbox) as message_ids`,
      );
      const emails = total / emailEvery;
      expect(totals).toEqual({
        rows: total,
        subscriptions: total,
        still_due: 0,
        emails,
        sent: emails,
        mailbox: emails,
        message_ids: emails,
      });
    }, 180_000);
  });
});
