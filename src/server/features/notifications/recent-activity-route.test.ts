import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { notificationItemSchema } from "@shared/api/notifications";
import { SESSION_COOKIE } from "@shared/constants";
import { queryRows } from "@server/db/raw";
import { users } from "@server/db/schema";
import { insertTopic, postponeCardsOf, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { runSchedulerOnce } from "../delivery/service";
import { MAX_SESSIONS_PER_READ } from "./shared-reads";

// The poll does without the global plugins (it reads its cookie itself, helmet skips it): what it must still do.
describe("GET /api/activity/recent, the polled list", () => {
  let t: TestApp;
  let topic: FixtureTopic;
  const learners: { userId: string; cookie: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    topic = await insertTopic(t.ctx, "finance", 30);
    t.clock.set(new Date("2025-04-07T08:00:00Z"));
    for (const email of ["ada@example.com", "bob@example.com"]) {
      const { user, cookie } = await t.signIn({ email, timeZone: "UTC" });
      await t.ctx.db.update(users).set({ subscriptionPlan: "premium" }).where(eq(users.id, user.id));
      const created = await t.app.inject({
        method: "POST",
        url: "/api/subscriptions",
        headers: { cookie, ...SAME_ORIGIN },
        payload: {
          topicId: topic.id,
          frequency: "hourly",
          deliveryTime: "00:00",
          emailEnabled: false,
          inAppEnabled: true,
        },
      });
      expect(created.statusCode).toBe(201);
      learners.push({ userId: user.id, cookie });
    }
  });
  afterAll(() => t.close());

  const poll = (cookie: string | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "GET",
      url: "/api/activity/recent",
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
  const deliverHour = async (hour: number) => {
    t.clock.set(new Date(Date.UTC(2025, 3, 7, hour, 1)));
    await runSchedulerOnce(t.ctx);
    for (const { userId } of learners) await postponeCardsOf(t.ctx, userId);
  };
  const idsOf = (response: { json(): unknown }) =>
    (response.json() as { id: number }[]).map((item) => item.id);
  const wordsOf = (response: { json(): unknown }) =>
    (response.json() as { content: { word: string } }[]).map((item) => item.content.word);

  it("refuses a request without a session, or with an unknown one, with the API's 401 body", async () => {
    for (const cookie of [undefined, "theme=dark", `${SESSION_COOKIE}=not-a-session`]) {
      const response = await poll(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String), code: "UNAUTHORIZED" });
    }
  });

  it("shows a new delivery at the next poll, and each learner only their own words", async () => {
    const [ada, bob] = learners;
    await deliverHour(9);
    const before = await poll(ada!.cookie);
    expect(before.statusCode).toBe(200);
    expect(wordsOf(before)).toHaveLength(1);

    await deliverHour(10);
    // The session cookie among others, as a browser sends it.
    const after = await poll(`theme=dark; ${ada!.cookie}; lang=en`);
    expect(wordsOf(after)).toHaveLength(2);
    expect(after.headers.etag).not.toBe(before.headers.etag);

    const bobs = await poll(bob!.cookie);
    const adaIds = idsOf(after);
    expect(idsOf(bobs).every((id) => !adaIds.includes(id))).toBe(true);
    expect(wordsOf(bobs)).toHaveLength(2);
  });

  it("lists a learner's ten newest in-app words, newest first, the later one first of two sent at once", async () => {
    const { user, cookie } = await t.signIn({ email: "carol@example.com", timeZone: "UTC" });
    // Fifteen in-app words, sent on the hour, two at a time; then a newer dismissed one and a newer e-mail-only one.
    const rows = await queryRows<{ id: number; sent_at: string; in_app: boolean; dismissed: boolean }>(
      t.ctx.db,
      sql`insert into deliveries (user_id, topic_id, word_id, slot_at, slot_position, source, delivery_method, in_app,
                                  sent_at, dismissed_at)
          select ${user.id}, ${topic.id}, (${`{${topic.wordIds.join(",")}}`}::int[])[n], slot, n % 2, 'scheduled',
                 case when n = 17 then 'email' else 'in_app' end, n <> 17, slot,
                 case when n = 16 then slot end
          from generate_series(1, 17) n,
               lateral (select timestamptz '2025-04-07T00:00:00Z' + (n / 2) * interval '1 hour' as slot) at
          returning id, sent_at::text, in_app, dismissed_at is not null as dismissed`,
    );
    const newest = rows
      .filter((row) => row.in_app && !row.dismissed)
      .sort((a, b) => Date.parse(b.sent_at) - Date.parse(a.sent_at) || b.id - a.id)
      .slice(0, 10);

    const listed = await poll(cookie);
    expect(listed.statusCode).toBe(200);
    expect(idsOf(listed)).toEqual(newest.map((row) => row.id));
    const sentAts = (listed.json() as { sentAt: string }[]).map((item) => item.sentAt);
    expect(sentAts[0]).toBe("2025-04-07T07:00:00.000Z");
    expect(sentAts[1]).toBe("2025-04-07T07:00:00.000Z");
  });

  it("lists them newest first whatever order the database's plan reads them in", async () => {
    const { user, cookie } = await t.signIn({ email: "dave@example.com", timeZone: "UTC" });
    // Six words with their cards, the later sent the later in the library: a join that merges the deliveries with
    // their cards in the order of the words reads them oldest first.
    const ids = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`with sent as (
            insert into deliveries (user_id, topic_id, word_id, slot_at, source, delivery_method, in_app, sent_at)
            select ${user.id}, ${topic.id}, (${`{${[...topic.wordIds].sort((a, b) => a - b).join(",")}}`}::int[])[n],
                   slot, 'scheduled', 'in_app', true, slot
            from generate_series(1, 6) n,
                 lateral (select timestamptz '2025-04-07T00:00:00Z' + n * interval '1 hour' as slot) at
            returning id, word_id, sent_at)
          , carded as (
            insert into cards (user_id, word_id, topic_id, due, stability, difficulty, elapsed_days, scheduled_days,
                               learning_steps, reps, lapses, state)
            select ${user.id}, word_id, ${topic.id}, sent_at, 0, 0, 0, 0, 0, 0, 0, 'new' from sent)
          select id from sent order by sent_at desc, id desc`,
    );
    await t.ctx.db.execute(sql`set enable_nestloop = off`);
    await t.ctx.db.execute(sql`set enable_hashjoin = off`);
    try {
      expect(idsOf(await poll(cookie))).toEqual(ids.map((row) => row.id));
    } finally {
      await t.ctx.db.execute(sql`reset enable_nestloop`);
      await t.ctx.db.execute(sql`reset enable_hashjoin`);
    }
  });

  it("answers 304 without a body while the list is unchanged, and the list once it changed", async () => {
    const { cookie } = learners[0]!;
    const first = await poll(cookie);
    const etag = first.headers.etag as string;
    const same = await poll(cookie, { "if-none-match": etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    expect(same.headers["x-content-type-options"]).toBe("nosniff");
    // Its own policy for a JSON answer, not the page policy helmet would have added for every request.
    expect(same.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(same.headers["origin-agent-cluster"]).toBeUndefined();

    await deliverHour(11);
    const changed = await poll(cookie, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(wordsOf(changed)).toHaveLength(3);
  });

  it("gives a new ETag when only what the list says changes: a word edited, or the days telling when words come back", async () => {
    const { userId, cookie } = learners[0]!;
    const missOf = async (ifNoneMatch: string) => {
      t.ctx.recentActivity.invalidateUsers([userId]);
      return poll(cookie, { "if-none-match": ifNoneMatch });
    };
    type Listed = { content: { id: number; note: string | null }; comesBack: string | null }[];
    const first = await missOf("");
    const [newest] = first.json() as Listed;
    expect(newest!.comesBack).not.toBeNull();
    expect((await missOf(first.headers.etag as string)).statusCode).toBe(304);

    await t.ctx.db.execute(
      sql`update words set note = 'Said of contracts.' where id = ${newest!.content.id}`,
    );
    const edited = await missOf(first.headers.etag as string);
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Listed)[0]!.content.note).toBe("Said of contracts.");

    const today = t.clock.now();
    t.clock.set(new Date(today.getTime() + 2 * 86_400_000));
    try {
      const later = await missOf(edited.headers.etag as string);
      expect(later.statusCode).toBe(200);
      expect((later.json() as Listed)[0]!.comesBack).not.toBe(newest!.comesBack);
    } finally {
      t.clock.set(today);
    }
  });

  it("answers a miss and a hit with the same body, each item the API's shape, its card as Today's Learning shows it", async () => {
    const { userId } = learners[0]!;
    const { cookie } = await t.signIn({ email: "ada@example.com" });
    // A word with a usage note and characters JSON must escape: PostgreSQL writes this part of the body.
    await t.ctx.db.execute(
      sql`update words set note = ${'Say "hi" \\ then\nleave'}, part_of_speech = 'noun' where id in (select word_id from deliveries where user_id = ${userId})`,
    );
    // One word known, one answered: the poll tells them as Today's Learning does (no "comes back"; the grade).
    const [known, answered] = (await poll(cookie)).json() as { cardId: number }[];
    const asLearner = { cookie, ...SAME_ORIGIN };
    const review = (path: string, payload?: object) =>
      t.app.inject({ method: "POST", url: `/api/review/${path}`, headers: asLearner, payload });
    expect((await review(`${known!.cardId}/known`)).statusCode).toBe(200);
    expect((await review(`${answered!.cardId}/grade`, { rating: 1 })).statusCode).toBe(200);
    t.ctx.recentActivity.invalidateUsers([userId]);
    const miss = await poll(cookie);
    const hit = await poll(cookie);
    expect(miss.statusCode).toBe(200);
    expect(hit.body).toBe(miss.body);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    const items = z.array(notificationItemSchema).parse(miss.json());
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]!.content.note).toBe('Say "hi" \\ then\nleave');

    const today = (
      await t.app.inject({ method: "GET", url: "/api/activity/today", headers: { cookie } })
    ).json() as {
      id: number;
    }[];
    for (const item of items) {
      const same = today.find((delivered) => delivered.id === item.id);
      expect(same).toMatchObject({
        sentAt: item.sentAt,
        topic: item.topic,
        kind: item.kind,
        cardId: item.cardId,
        grade: item.grade,
        comesBackAt: item.comesBackAt,
        comesBack: item.comesBack,
      });
      expect(item.cardId).not.toBeNull();
      if (item.cardId === known!.cardId) expect(item).toMatchObject({ comesBackAt: null, comesBack: null });
      if (item.cardId === answered!.cardId) expect(item.grade).toBe(1);
      // The grade preview is asked when the dropdown opens (GET /api/review/previews), not polled.
      expect(item).not.toHaveProperty("dueAfter");
    }
  });

  it("writes instants with microseconds as toISOString does, cut to the millisecond, whatever the double's rounding", async () => {
    const { userId } = learners[1]!;
    const { cookie } = await t.signIn({ email: "bob@example.com" });
    const [newest] = (await poll(cookie)).json() as { id: number }[];
    // .123999 must not round up to .124, nor .007 (7,000 µs, not exact in a double) fall to .006.
    await t.ctx.db.execute(
      sql`update deliveries set read_at = '2025-04-07 08:30:00.123999+00', sent_at = '2025-04-07 08:01:00.007+00' where id = ${newest!.id}`,
    );
    await t.ctx.db.execute(
      sql`update cards set due = '2031-01-02 03:04:05.999999+00' where user_id = ${userId} and word_id = (select word_id from deliveries where id = ${newest!.id})`,
    );
    t.ctx.recentActivity.invalidateUsers([userId]);
    const items = (await poll(cookie)).json() as { id: number }[];
    expect(items.find(({ id }) => id === newest!.id)).toMatchObject({
      id: newest!.id,
      readAt: "2025-04-07T08:30:00.123Z",
      sentAt: "2025-04-07T08:01:00.007Z",
      comesBackAt: "2031-01-02T03:04:05.999Z",
    });
  });

  it("gives each of many sessions polling at the same moment its own list, and refuses the unknown ones among them", async () => {
    // More sessions than one shared read takes, so the misses are split over several reads.
    const crowd: { cookie: string; userId: string | null }[] = [];
    for (let index = 0; index < MAX_SESSIONS_PER_READ + 6; index += 1) {
      const learner = learners[index % 2]!;
      crowd.push(
        index % 10 === 9
          ? { cookie: `${SESSION_COOKIE}=unknown-${index}`, userId: null }
          : {
              cookie: (await t.signIn({ email: index % 2 ? "bob@example.com" : "ada@example.com" })).cookie,
              userId: learner.userId,
            },
      );
    }
    await deliverHour(12);
    const expected = new Map<string, number[]>();
    for (const learner of learners) expected.set(learner.userId, idsOf(await poll(learner.cookie)));
    expect(expected.get(learners[0]!.userId)!.length).toBeGreaterThan(0);

    const answers = await Promise.all(crowd.map(({ cookie }) => poll(cookie)));
    answers.forEach((answer, index) => {
      const { userId } = crowd[index]!;
      if (userId === null) expect(answer.statusCode).toBe(401);
      else expect(idsOf(answer)).toEqual(expected.get(userId));
    });
  });

  it("answers over HTTP a cached list as the route answered it when it read it, and 304 when the tab has it", async () => {
    // The server's own listener answers polls before Fastify, hits and misses (inject goes to Fastify alone): they
    // must agree.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api/activity/recent`;
    const { userId, cookie } = learners[0]!;
    t.ctx.recentActivity.invalidateUsers([userId]);
    const headersOf = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => name !== "date"));
    const miss = await fetch(url, { headers: { cookie } });
    const missBody = await miss.text();
    const hit = await fetch(url, { headers: { cookie } });
    expect(hit.status).toBe(200);
    expect(await hit.text()).toBe(missBody);
    expect(headersOf(hit)).toEqual(headersOf(miss));
    expect(headersOf(hit)).toMatchObject({
      "content-type": "application/json; charset=utf-8",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-cache",
    });
    expect(JSON.parse(missBody)).toEqual((await poll(cookie)).json());
    // A miss is answered before Fastify too: as the route answers one (a query string takes the route).
    t.ctx.recentActivity.invalidateUsers([userId]);
    const routedMiss = await fetch(`${url}?`, { headers: { cookie } });
    expect(await routedMiss.text()).toBe(missBody);
    expect(headersOf(routedMiss)).toEqual(headersOf(miss));

    // With a query string the request goes to the Fastify route, hit or not.
    const etag = hit.headers.get("etag")!;
    const unchanged = await fetch(url, { headers: { cookie, "if-none-match": etag } });
    const routed = await fetch(`${url}?`, { headers: { cookie, "if-none-match": etag } });
    expect(unchanged.status).toBe(304);
    expect(routed.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(headersOf(unchanged)).toEqual(headersOf(routed));

    for (const refused of [{}, { cookie: `${SESSION_COOKIE}=not-a-session` }] as Record<string, string>[]) {
      const answer = await fetch(url, { headers: refused });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ message: expect.any(String), code: "UNAUTHORIZED" });
    }
  });

  it("refuses a session once it is signed out, though its list was cached a moment before", async () => {
    const { cookie } = await t.signIn({ email: "ada@example.com" });
    expect((await poll(cookie)).statusCode).toBe(200);
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(signedOut.statusCode).toBe(303);
    expect((await poll(cookie)).statusCode).toBe(401);
    // Ada's other session still polls.
    expect((await poll(learners[0]!.cookie)).statusCode).toBe(200);
  });
});
