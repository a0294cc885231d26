import { TZDate } from "@date-fns/tz";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAILY_REVIEW_CAP_MIN, HOUR_MS, MINUTE_MS, type Frequency } from "@shared/constants";
import { deliveries, users, words } from "@server/db/schema";
import { insertTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { runSchedulerOnce } from "./service";

/** Local wall-clock "YYYY-MM-DD HH:MM" of an instant. */
const wallClock = (instant: Date, zone: string) => {
  const local = new TZDate(instant.getTime(), zone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
};

describe("the delivery engine, on an injected clock", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function subscriber(email: string, timeZone: string) {
    const { user, cookie } = await t.signIn({ email, timeZone });
    await t.ctx.db.update(users).set({ subscriptionPlan: "pro" }).where(eq(users.id, user.id));
    return { user, cookie };
  }

  async function subscribe(
    cookie: string,
    topicId: number,
    frequency: Frequency,
    deliveryTime = "09:00",
    channels = { emailEnabled: false, inAppEnabled: true },
  ) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie, ...SAME_ORIGIN },
      payload: { topicId, frequency, deliveryTime, ...channels },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  /** The subscription's sends: each brings one new word (issue 22), and reviews may ride along in the same slot. */
  const slotsOf = async (subscriptionId: number) =>
    await t.ctx.db
      .select({ slotAt: deliveries.slotAt, createdAt: deliveries.createdAt })
      .from(deliveries)
      .where(and(eq(deliveries.subscriptionId, subscriptionId), eq(deliveries.kind, "new")))
      .orderBy(asc(deliveries.slotAt));

  it("delivers every frequency at the right instants in New York (across the spring-forward change) and Kolkata", async () => {
    const start = new Date("2025-03-01T15:00:00Z"); // Sat 1 March: 10:00 in New York, 20:30 in Kolkata
    const end = new Date("2025-03-17T00:00:00Z");
    t.clock.set(start);
    const ny = await subscriber("ny@example.com", "America/New_York");
    const india = await subscriber("in@example.com", "Asia/Kolkata");
    // This test is about when sends fall; the reviews riding along (nobody answers here) are only extra rows.
    await t.ctx.db
      .update(users)
      .set({ dailyReviewCap: DAILY_REVIEW_CAP_MIN })
      .where(inArray(users.id, [ny.user.id, india.user.id]));
    const plan: [Frequency, string][] = [
      ["hourly", "07:15"],
      ["every2hours", "09:00"],
      ["every4hours", "10:30"],
      ["every8hours", "09:00"],
      ["daily", "08:00"],
      ["every2days", "09:00"],
      ["weekly", "09:00"],
      ["biweekly", "09:00"],
    ];
    // Enough words that no topic runs out: an exhausted topic sends only due reviews, and a slot may be empty.
    const topics = await Promise.all(
      plan.map(([frequency]) => insertTopic(t.ctx, `topic-${frequency}`, 400)),
    );
    const ids = { ny: {} as Record<Frequency, number>, india: {} as Record<Frequency, number> };
    for (const [index, [frequency, time]] of plan.entries()) {
      ids.ny[frequency] = await subscribe(ny.cookie, topics[index]!.id, frequency, time);
      ids.india[frequency] = await subscribe(india.cookie, topics[index]!.id, frequency, time);
    }

    const step = 30 * MINUTE_MS;
    for (let now = start.getTime() + step; now <= end.getTime(); now += step) {
      t.clock.set(new Date(now));
      await runSchedulerOnce(t.ctx);
    }

    const local = async (id: number, zone: string) => {
      const rows = await slotsOf(id);
      // Every slot was handled within one clock step of falling due.
      for (const row of rows) expect(row.createdAt.getTime() - row.slotAt.getTime()).toBeLessThan(step);
      return rows.map((row) => ({ utc: row.slotAt.toISOString(), wall: wallClock(row.slotAt, zone) }));
    };
    const gapsHours = (list: { utc: string }[]) =>
      list.slice(1).map((item, index) => (Date.parse(item.utc) - Date.parse(list[index]!.utc)) / HOUR_MS);

    // daily 08:00 stays 08:00 local: 13:00 UTC under EST, 12:00 UTC from 9 March (EDT).
    const nyDaily = await local(ids.ny.daily, "America/New_York");
    expect(nyDaily.map((slot) => slot.utc)).toEqual(
      Array.from({ length: 15 }, (_, index) => {
        const day = index + 2;
        return `2025-03-${String(day).padStart(2, "0")}T${day < 9 ? "13" : "12"}:00:00.000Z`;
      }),
    );
    // every2days from Saturday 1 March (created after its 09:00): the 3rd, 5th, ... at 09:00 local.
    expect((await local(ids.ny.every2days, "America/New_York")).map((slot) => slot.utc)).toEqual([
      "2025-03-03T14:00:00.000Z",
      "2025-03-05T14:00:00.000Z",
      "2025-03-07T14:00:00.000Z",
      "2025-03-09T13:00:00.000Z",
      "2025-03-11T13:00:00.000Z",
      "2025-03-13T13:00:00.000Z",
      "2025-03-15T13:00:00.000Z",
    ]);
    expect((await local(ids.ny.weekly, "America/New_York")).map((slot) => slot.utc)).toEqual([
      "2025-03-08T14:00:00.000Z",
      "2025-03-15T13:00:00.000Z",
    ]);
    expect((await local(ids.ny.biweekly, "America/New_York")).map((slot) => slot.utc)).toEqual([
      "2025-03-15T13:00:00.000Z",
    ]);

    // hourly at :15, one real hour apart throughout (01:15 EST is followed by 03:15 EDT).
    const nyHourly = await local(ids.ny.hourly, "America/New_York");
    expect(nyHourly).toHaveLength(369);
    expect(new Set(nyHourly.map((slot) => slot.wall.slice(-2)))).toEqual(new Set(["15"]));
    expect(new Set(gapsHours(nyHourly))).toEqual(new Set([1]));
    expect(nyHourly.map((slot) => slot.wall)).toContain("2025-03-09 03:15");
    expect(nyHourly.map((slot) => slot.wall)).not.toContain("2025-03-09 02:15");

    // every2hours from 09:00: the odd hours, 12 a day, every day.
    const nyTwo = await local(ids.ny.every2hours, "America/New_York");
    expect(nyTwo).toHaveLength(7 + 14 * 12 + 10);
    expect(
      nyTwo.every((slot) => Number(slot.wall.slice(11, 13)) % 2 === 1 && slot.wall.endsWith(":00")),
    ).toBe(true);

    // every4hours from 10:30: 02:30, 06:30, ... 22:30; the 02:30 that does not exist on 9 March arrives at 03:30.
    const nyFour = await local(ids.ny.every4hours, "America/New_York");
    expect(nyFour).toHaveLength(4 + 14 * 6 + 5);
    const fourWalls = nyFour.map((slot) => slot.wall);
    expect(fourWalls).toContain("2025-03-09 03:30");
    expect(
      fourWalls
        .filter((wall) => wall !== "2025-03-09 03:30")
        .every((wall) => ["02:30", "06:30", "10:30", "14:30", "18:30", "22:30"].includes(wall.slice(11))),
    ).toBe(true);

    // every8hours from 09:00: 01:00, 09:00, 17:00 local; the night of the change is one hour shorter.
    const nyEight = await local(ids.ny.every8hours, "America/New_York");
    expect(nyEight).toHaveLength(1 + 15 * 3);
    expect(new Set(nyEight.map((slot) => slot.wall.slice(11)))).toEqual(new Set(["01:00", "09:00", "17:00"]));
    expect(gapsHours(nyEight).filter((gap) => gap !== 8)).toEqual([7]);

    // Kolkata (UTC+05:30, no daylight saving): daily 08:00 is 02:30 UTC every day.
    const inDaily = await local(ids.india.daily, "Asia/Kolkata");
    expect(inDaily.map((slot) => slot.utc)).toEqual(
      Array.from({ length: 15 }, (_, index) => `2025-03-${String(index + 2).padStart(2, "0")}T02:30:00.000Z`),
    );
    const inHourly = await local(ids.india.hourly, "Asia/Kolkata");
    expect(new Set(inHourly.map((slot) => slot.wall.slice(-2)))).toEqual(new Set(["15"]));
    expect(new Set(gapsHours(inHourly))).toEqual(new Set([1]));
    const inFour = await local(ids.india.every4hours, "Asia/Kolkata");
    expect(new Set(inFour.map((slot) => slot.wall.slice(11)))).toEqual(
      new Set(["02:30", "06:30", "10:30", "14:30", "18:30", "22:30"]),
    );
    expect(new Set(gapsHours(inFour))).toEqual(new Set([4]));
    // Kolkata's 1 March 20:30 creation is after 09:00, so the cycles start on the 3rd / 8th / 15th at 03:30 UTC.
    expect((await local(ids.india.weekly, "Asia/Kolkata")).map((slot) => slot.utc)).toEqual([
      "2025-03-08T03:30:00.000Z",
      "2025-03-15T03:30:00.000Z",
    ]);
    expect(
      (await local(ids.india.every8hours, "Asia/Kolkata")).every((slot) =>
        ["01:00", "09:00", "17:00"].includes(slot.wall.slice(11)),
      ),
    ).toBe(true);
    expect(
      (await local(ids.india.every2hours, "Asia/Kolkata")).every(
        (slot) => Number(slot.wall.slice(11, 13)) % 2 === 1,
      ),
    ).toBe(true);
  }, 120_000);

  it("picks new words in the library's order at every send with due reviews riding along, only reviews once a topic is exhausted; topics never interfere", async () => {
    t.clock.set(new Date("2026-01-05T08:00:00Z"));
    const { cookie, user } = await subscriber("words@example.com", "UTC");
    const small = await insertTopic(t.ctx, "tiny", 3);
    const other = await insertTopic(t.ctx, "other", 3);
    await subscribe(cookie, small.id, "daily", "09:00");
    await subscribe(cookie, other.id, "every8hours");
    // The second-ranked word was retired: it is skipped.
    await t.ctx.db.update(words).set({ deletedAt: new Date() }).where(eq(words.id, small.wordIds[1]!));

    for (let day = 0; day < 5; day += 1) {
      t.clock.set(new Date(Date.UTC(2026, 0, 5 + day, 9, 30)));
      await runSchedulerOnce(t.ctx);
    }
    const rows = await t.ctx.db
      .select({
        word: words.word,
        topicId: deliveries.topicId,
        kind: deliveries.kind,
        slotAt: deliveries.slotAt,
      })
      .from(deliveries)
      .innerJoin(words, eq(words.id, deliveries.wordId))
      .where(eq(deliveries.userId, user.id))
      .orderBy(asc(deliveries.slotAt), asc(deliveries.id));
    /** Each send's words, one list per send (their order within a send is the message's business, not this test's). */
    const sendsOf = (topicId: number) => {
      const bySlot = new Map<number, string[]>();
      for (const row of rows.filter((item) => item.topicId === topicId)) {
        const slot = row.slotAt.getTime();
        bySlot.set(slot, [...(bySlot.get(slot) ?? []), `${row.kind} ${row.word}`].sort());
      }
      return [...bySlot.values()];
    };
    // A new word at every send while the topic has one (tiny-2 was retired: skipped). Nobody answers here, so each
    // word introduced rides along with every later send as a review (rolled over, never dropped); once the topic has
    // nothing new, the send carries only those reviews.
    expect(sendsOf(small.id)).toEqual([
      ["new tiny-1"],
      ["new tiny-3", "review tiny-1"],
      ["review tiny-1", "review tiny-3"],
      ["review tiny-1", "review tiny-3"],
      ["review tiny-1", "review tiny-3"],
    ]);
    // every8hours is due at 09:00 each day here (its 01:00 and 17:00 slots collapse into the next run).
    expect(sendsOf(other.id)).toEqual([
      ["new other-1"],
      ["new other-2", "review other-1"],
      ["new other-3", "review other-1", "review other-2"],
      ["review other-1", "review other-2", "review other-3"],
      ["review other-1", "review other-2", "review other-3"],
    ]);
  });

  it("switching off stops future slots; switching back on schedules from now without a burst", async () => {
    t.clock.set(new Date("2026-02-02T08:00:00Z"));
    const { cookie } = await subscriber("toggle@example.com", "UTC");
    const own = await insertTopic(t.ctx, "toggle", 10);
    const id = await subscribe(cookie, own.id, "hourly", "00:00");
    const toggle = (active: boolean) =>
      t.app.inject({
        method: "PUT",
        url: `/api/subscriptions/${id}`,
        headers: { cookie, ...SAME_ORIGIN },
        payload: { active },
      });

    t.clock.set(new Date("2026-02-02T09:00:00Z"));
    await runSchedulerOnce(t.ctx);
    expect(await slotsOf(id)).toHaveLength(1);
    await toggle(false);
    for (const hour of [10, 11, 12, 13]) {
      t.clock.set(new Date(Date.UTC(2026, 1, 2, hour, 5)));
      await runSchedulerOnce(t.ctx);
    }
    expect(await slotsOf(id)).toHaveLength(1);
    const on = await toggle(true);
    expect(on.json().nextDelivery).toBe("2026-02-02T14:00:00.000Z");
    await runSchedulerOnce(t.ctx);
    expect(await slotsOf(id)).toHaveLength(1);
    t.clock.set(new Date("2026-02-02T14:00:00Z"));
    await runSchedulerOnce(t.ctx);
    expect((await slotsOf(id)).map((row) => row.slotAt.toISOString())).toEqual([
      "2026-02-02T09:00:00.000Z",
      "2026-02-02T14:00:00.000Z",
    ]);
  });

  it("after downtime, the missed slots collapse into one delivery and the schedule resumes on time", async () => {
    t.clock.set(new Date("2026-03-02T08:30:00Z"));
    const { cookie } = await subscriber("downtime@example.com", "UTC");
    const own = await insertTopic(t.ctx, "downtime", 10);
    const id = await subscribe(cookie, own.id, "hourly", "00:00");
    t.clock.set(new Date("2026-03-02T14:10:00Z")); // nothing ran from 09:00 to 14:10
    await runSchedulerOnce(t.ctx);
    await runSchedulerOnce(t.ctx);
    expect((await slotsOf(id)).map((row) => row.slotAt.toISOString())).toEqual(["2026-03-02T09:00:00.000Z"]);
    const [row] = await t.ctx.db
      .execute(sql`select next_delivery_at from subscriptions where id = ${id}`)
      .then((result) => (result as unknown as { rows: { next_delivery_at: Date }[] }).rows);
    expect(new Date(row!.next_delivery_at).toISOString()).toBe("2026-03-02T15:00:00.000Z");
  });

  it("a topic without words produces nothing and does not block the schedule", async () => {
    t.clock.set(new Date("2026-04-01T08:00:00Z"));
    const { cookie } = await subscriber("empty@example.com", "UTC");
    const empty = await insertTopic(t.ctx, "empty", 0);
    const id = await subscribe(cookie, empty.id, "daily");
    t.clock.set(new Date("2026-04-01T09:30:00Z"));
    await runSchedulerOnce(t.ctx);
    expect(await slotsOf(id)).toEqual([]);
    const list = await t.app.inject({ method: "GET", url: "/api/subscriptions", headers: { cookie } });
    expect(list.json().find((row: { id: number }) => row.id === id).nextDelivery).toBe(
      "2026-04-02T09:00:00.000Z",
    );
  });
});
