import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "@shared/constants";
import { queryRows } from "@server/db/raw";
import { limitCounters, loginTokens, mailbox, sessions, smsOutbox } from "@server/db/schema";
import { hashToken, newToken } from "@server/platform/auth/tokens";
import { startBackgroundJobs } from "@server/jobs";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { MAILBOX_RETENTION_MS, purgeExpiredData } from "./service";

describe("the daily purge of expired data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2025-03-10T12:00:00Z"));
  });
  afterAll(() => t.close());

  const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs);
  const remaining = async () => {
    const [counts] = await queryRows<{
      sessions: string[];
      tokens: string[];
      mail: string[];
      texts: string[];
    }>(
      t.ctx.db,
      sql`select (select coalesce(array_agg(token_hash order by token_hash), '{}') from sessions) as sessions,
                 (select coalesce(array_agg(email order by email), '{}') from login_tokens) as tokens,
                 (select coalesce(array_agg(subject order by subject), '{}') from mailbox) as mail,
                 (select coalesce(array_agg(body order by body), '{}') from sms_outbox) as texts`,
    );
    return counts!;
  };

  /** Sessions, sign-in tokens and mailbox rows on both sides of each retention boundary. */
  async function seed() {
    const { user } = await t.signIn({ email: "keeper@example.com" });
    for (const table of [sessions, loginTokens, mailbox, smsOutbox, limitCounters])
      await t.ctx.db.delete(table);
    await t.ctx.db.insert(sessions).values([
      { tokenHash: "expired", userId: user.id, expiresAt: at(-MINUTE_MS) },
      { tokenHash: "live", userId: user.id, expiresAt: at(DAY_MS) },
    ]);
    const token = (email: string, createdAgo: number, expiresIn: number, used: boolean) => ({
      tokenHash: hashToken(newToken()),
      email,
      createdAt: at(-createdAgo),
      expiresAt: at(expiresIn),
      usedAt: used ? at(-createdAgo + MINUTE_MS) : null,
    });
    await t.ctx.db
      .insert(loginTokens)
      .values([
        token("used-yesterday@x", 2 * DAY_MS, -2 * DAY_MS + 15 * MINUTE_MS, true),
        token("expired-yesterday@x", 2 * DAY_MS, -2 * DAY_MS + 15 * MINUTE_MS, false),
        token("used-just-now@x", 5 * MINUTE_MS, 10 * MINUTE_MS, true),
        token("unused-live@x", MINUTE_MS, 14 * MINUTE_MS, false),
      ]);
    const mail = (subject: string, ageMs: number) => ({
      to: "keeper@example.com",
      from: "Jargon <words@jargon.local>",
      subject,
      text: "t",
      html: "<p>t</p>",
      createdAt: at(-ageMs),
    });
    await t.ctx.db
      .insert(mailbox)
      .values([mail("eight days old", MAILBOX_RETENTION_MS + HOUR_MS), mail("six days old", 6 * DAY_MS)]);
    // The local SMS outbox keeps texts as long as the mailbox keeps e-mail.
    await t.ctx.db.insert(smsOutbox).values([
      { to: "+447911123456", body: "old text", createdAt: at(-MAILBOX_RETENTION_MS - HOUR_MS) },
      { to: "+447911123456", body: "recent text", createdAt: at(-6 * DAY_MS) },
    ]);
    // A rate-limit counter whose window has ended, and one still counting.
    await t.ctx.db.insert(limitCounters).values([
      { key: "rl:ended", windowStart: at(-2 * HOUR_MS), windowEnd: at(-HOUR_MS), hits: 3 },
      { key: "rl:counting", windowStart: at(-MINUTE_MS), windowEnd: at(HOUR_MS), hits: 1 },
    ]);
  }

  it("deletes expired sessions, used or expired sign-in tokens after a day, mailbox rows and texts after 7 days", async () => {
    await seed();
    expect(await purgeExpiredData(t.ctx)).toEqual({
      sessions: 1,
      signInTokens: 2,
      mailbox: 1,
      smsOutbox: 1,
      limitCounters: 1,
    });
    expect(await remaining()).toEqual({
      sessions: ["live"],
      tokens: ["unused-live@x", "used-just-now@x"],
      mail: ["six days old"],
      texts: ["recent text"],
    });
    // Nothing left to do: a second run (another instance, a restart) deletes nothing.
    expect(await purgeExpiredData(t.ctx)).toEqual({
      sessions: 0,
      signInTokens: 0,
      mailbox: 0,
      smsOutbox: 0,
      limitCounters: 0,
    });
  });

  it("runs from the background job loop, at start and then once a day", async () => {
    await seed();
    const jobs = startBackgroundJobs(t.ctx, { idleMs: 5 });
    try {
      // The whole first run, not only its first statement, before seeding again.
      await expect.poll(remaining, { timeout: 10_000 }).toEqual({
        sessions: ["live"],
        tokens: ["unused-live@x", "used-just-now@x"],
        mail: ["six days old"],
        texts: ["recent text"],
      });

      // Within the day nothing more is purged; two days later all of it is (nothing seeded lives that long).
      await seed();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await remaining()).sessions).toEqual(["expired", "live"]);
      t.clock.advance(2 * DAY_MS);
      await expect.poll(remaining, { timeout: 10_000 }).toEqual({
        sessions: [],
        tokens: [],
        mail: [],
        texts: [],
      });
    } finally {
      await jobs.stop();
    }
  });
});
