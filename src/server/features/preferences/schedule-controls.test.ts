import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DAILY_REVIEW_CAP_MESSAGE,
  DAILY_REVIEW_TIME_MESSAGE,
  DAY_STARTS_AT_MESSAGE,
  QUIET_HOURS_SAME_MESSAGE,
  QUIET_HOURS_TIME_MESSAGE,
  REVIEW_DELIVERY_MESSAGE,
} from "@shared/api/preferences";
import { WORDS_PER_SEND_MESSAGE } from "@shared/api/subscriptions";
import { upgradeOptionsFor } from "@shared/rules/plans";
import { subscriptions, users } from "@server/db/schema";
import { setPlanByAdmin } from "@server/features/billing/service";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

/** Issue 16's schedule controls: GET/PATCH of quiet hours, day start, review cap and pause, and words per send. */
describe("schedule controls (preferences) and words per send (subscriptions)", () => {
  let t: TestApp;
  let topics: FixtureTopic[];
  const NEW_YORK = "America/New_York";

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2025-05-05T14:00:00Z")); // Monday 10:00 in New York
    topics = [];
    for (const name of ["finance", "law", "medicine"]) topics.push(await insertTopic(t.ctx, name, 5));
  });
  afterAll(() => t.close());

  const call = (
    method: "GET" | "PATCH" | "POST",
    url: string,
    cookie: string | undefined,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...SAME_ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const local = (instant: string | Date | null, zone = NEW_YORK) => {
    const at = new TZDate(new Date(instant!).getTime(), zone);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
  };

  async function learner(email: string, plan = "free") {
    const { user, cookie } = await t.signIn({ email, timeZone: NEW_YORK });
    await t.ctx.db.update(users).set({ subscriptionPlan: plan }).where(eq(users.id, user.id));
    return { id: user.id, cookie };
  }

  async function subscribe(cookie: string, topicId: number, extra: object = {}) {
    return call("POST", "/api/subscriptions", cookie, {
      topicId,
      frequency: "daily",
      deliveryTime: "23:00",
      emailEnabled: true,
      inAppEnabled: true,
      ...extra,
    });
  }

  const nextDeliveryOf = async (id: number) =>
    (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.nextDeliveryAt;

  it("reports the defaults, stores each control, and re-plans the next slot out of quiet hours", async () => {
    const { cookie } = await learner("controls@example.com");
    const created = await subscribe(cookie, topics[0]!.id);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(local(created.json().nextDelivery)).toBe("2025-05-05 23:00");

    const defaults = (await call("GET", "/api/preferences", cookie)).json();
    expect(defaults).toMatchObject({ quietHours: null, dayStartsAtHour: 0, dailyReviewCap: 10, pause: null });

    const saved = await call("PATCH", "/api/user/preferences", cookie, {
      quietHours: { start: "22:00", end: "07:00" },
      dayStartsAtHour: 4,
      dailyReviewCap: 35,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: "Preferences updated successfully" });
    expect((await call("GET", "/api/preferences", cookie)).json()).toMatchObject({
      quietHours: { start: "22:00", end: "07:00" },
      dayStartsAtHour: 4,
      dailyReviewCap: 35,
      pause: null,
    });
    // The 23:00 slot is inside the window: it moves to the window's end, the next morning.
    expect(local(await nextDeliveryOf(id))).toBe("2025-05-06 07:00");

    // Other fields leave the controls as they are; null turns quiet hours off and the slot comes back.
    await call("PATCH", "/api/user/preferences", cookie, { emailNotifications: false });
    expect((await call("GET", "/api/preferences", cookie)).json().quietHours).toEqual({
      start: "22:00",
      end: "07:00",
    });
    await call("PATCH", "/api/user/preferences", cookie, { quietHours: null });
    expect((await call("GET", "/api/preferences", cookie)).json().quietHours).toBeNull();
    expect(local(await nextDeliveryOf(id))).toBe("2025-05-05 23:00");
  });

  it("pauses until the start of the chosen local day, reports the pause until it ends, and resumes on null", async () => {
    const { id: userId, cookie } = await learner("pause@example.com");
    await call("PATCH", "/api/user/preferences", cookie, { dayStartsAtHour: 4 });
    const id = (await subscribe(cookie, topics[0]!.id)).json().id as number;

    const paused = await call("PATCH", "/api/user/preferences", cookie, { pause: { until: "2025-05-12" } });
    expect(paused.statusCode, paused.body).toBe(200);
    const { pause } = (await call("GET", "/api/preferences", cookie)).json();
    expect(pause.from).toBe(t.clock.now().toISOString());
    expect(local(pause.until)).toBe("2025-05-12 04:00");
    // No slot inside the pause: the first is the first at or after its end.
    expect(local(await nextDeliveryOf(id))).toBe("2025-05-12 23:00");

    // Renewing a pause in force keeps its start (one pause cannot be stretched past 3 months).
    t.clock.set(new Date("2025-05-06T14:00:00Z"));
    await call("PATCH", "/api/user/preferences", cookie, { pause: { until: "2025-05-20" } });
    const renewed = (await call("GET", "/api/preferences", cookie)).json().pause;
    expect(renewed.from).toBe(pause.from);
    expect(local(renewed.until)).toBe("2025-05-20 04:00");

    // null resumes now: the pause is cleared and the next slot is tonight's.
    await call("PATCH", "/api/user/preferences", cookie, { pause: null });
    expect((await call("GET", "/api/preferences", cookie)).json().pause).toBeNull();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect([row!.pausedFrom, row!.pausedUntil]).toEqual([null, null]);
    expect(local(await nextDeliveryOf(id))).toBe("2025-05-06 23:00");

    // A pause that has ended reads null at once, even before the dispatcher clears it (a GET changes nothing).
    await call("PATCH", "/api/user/preferences", cookie, { pause: { until: "2025-05-08" } });
    t.clock.set(new Date("2025-05-08T09:00:00Z")); // 05:00 in New York, after the 04:00 day start
    expect((await call("GET", "/api/preferences", cookie)).json().pause).toBeNull();
    const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(stored!.pausedUntil).not.toBeNull();
    t.clock.set(new Date("2025-05-05T14:00:00Z"));
  });

  it("stores where reviews go (default: with my words) and the daily review's time, refusing other values", async () => {
    const { cookie } = await learner("where-reviews-go@example.com");
    const read = async () => (await call("GET", "/api/preferences", cookie)).json();
    expect(await read()).toMatchObject({ reviewDelivery: "with_words", dailyReviewTime: "18:00" });

    const daily = await call("PATCH", "/api/user/preferences", cookie, {
      reviewDelivery: "daily_review",
      dailyReviewTime: "07:30",
    });
    expect(daily.statusCode, daily.body).toBe(200);
    expect(await read()).toMatchObject({ reviewDelivery: "daily_review", dailyReviewTime: "07:30" });

    // Another choice keeps the chosen time, so switching back to the daily review restores it.
    await call("PATCH", "/api/user/preferences", cookie, { reviewDelivery: "app_only" });
    expect(await read()).toMatchObject({ reviewDelivery: "app_only", dailyReviewTime: "07:30" });

    const cases: [object, string][] = [
      [{ reviewDelivery: "weekly" }, REVIEW_DELIVERY_MESSAGE],
      [{ reviewDelivery: null }, REVIEW_DELIVERY_MESSAGE],
      [{ dailyReviewTime: "24:00" }, DAILY_REVIEW_TIME_MESSAGE],
      [{ dailyReviewTime: "7:30" }, DAILY_REVIEW_TIME_MESSAGE],
      [{ reviewDelivery: "daily_review", dailyReviewTime: 1830 }, DAILY_REVIEW_TIME_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const response = await call("PATCH", "/api/user/preferences", cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ code: "VALIDATION_ERROR" });
      expect(response.json().message, JSON.stringify(payload)).toContain(message);
    }
    expect(await read()).toMatchObject({ reviewDelivery: "app_only", dailyReviewTime: "07:30" });
  });

  it("refuses invalid controls with 400 and the form's messages, and visitors with 401", async () => {
    const { cookie } = await learner("invalid@example.com");
    const cases: [object, number, string, string?][] = [
      [{ quietHours: { start: "22:00", end: "22:00" } }, 400, QUIET_HOURS_SAME_MESSAGE],
      [{ quietHours: { start: "24:00", end: "07:00" } }, 400, QUIET_HOURS_TIME_MESSAGE],
      [{ quietHours: { start: "22:00" } }, 400, QUIET_HOURS_TIME_MESSAGE],
      [{ quietHours: "22:00-07:00" }, 400, QUIET_HOURS_TIME_MESSAGE],
      [{ dayStartsAtHour: 24 }, 400, DAY_STARTS_AT_MESSAGE],
      [{ dayStartsAtHour: 1.5 }, 400, DAY_STARTS_AT_MESSAGE],
      [{ dailyReviewCap: 0 }, 400, DAILY_REVIEW_CAP_MESSAGE],
      [{ dailyReviewCap: 201 }, 400, DAILY_REVIEW_CAP_MESSAGE],
      // A pause starts now (pauseError's first check): an end in the past is before its start.
      [{ pause: { until: "2025-05-04" } }, 400, "The pause must end after it starts", "INVALID_PAUSE"],
      // Today's day began at midnight, already past: a pause must end on a later day.
      [{ pause: { until: "2025-05-05" } }, 400, "The pause must end after it starts", "INVALID_PAUSE"],
      [{ pause: { until: "2025-08-06" } }, 400, "A pause can last up to 3 months", "INVALID_PAUSE"],
      [{ pause: { until: "2025-02-30" } }, 400, ""],
      [{ pause: {} }, 400, ""],
    ];
    for (const [payload, status, message, code] of cases) {
      const response = await call("PATCH", "/api/user/preferences", cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(response.json().message, JSON.stringify(payload)).toContain(message);
      if (code) expect(response.json().code).toBe(code);
    }
    expect(
      (await call("PATCH", "/api/user/preferences", cookie, { pause: { until: "2025-08-05" } })).statusCode,
    ).toBe(200);
    expect((await call("GET", "/api/preferences", undefined)).statusCode).toBe(401);
    expect((await call("PATCH", "/api/user/preferences", undefined, { dailyReviewCap: 5 })).statusCode).toBe(
      401,
    );
  });

  it("takes words per send on create (default 1) and edit (omitted: unchanged), capped by the plan", async () => {
    const free = await learner("free-words@example.com");
    const tooMany = await subscribe(free.cookie, topics[1]!.id, { wordsPerSend: 2 });
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json()).toEqual({
      message: "2 words per send need the Basic plan or higher (your plan allows 1).",
      code: "WORDS_PER_SEND_NOT_ALLOWED",
      currentPlan: "free",
      upgradeOptions: upgradeOptionsFor("free"),
    });
    const invalid = await subscribe(free.cookie, topics[1]!.id, { wordsPerSend: 6 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain(WORDS_PER_SEND_MESSAGE);
    const one = await subscribe(free.cookie, topics[0]!.id);
    expect([one.statusCode, one.json().wordsPerSend]).toEqual([201, 1]);

    const edit = (cookie: string, id: number, extra: object) =>
      call("PATCH", `/api/subscriptions/${id}`, cookie, {
        frequency: "daily",
        deliveryTime: "23:00",
        emailEnabled: true,
        inAppEnabled: true,
        ...extra,
      });
    const refused = await edit(free.cookie, one.json().id, { wordsPerSend: 3 });
    expect([refused.statusCode, refused.json().code]).toEqual([403, "WORDS_PER_SEND_NOT_ALLOWED"]);
    // Switched off, the limit still holds (switching back on does not re-check it).
    await call("PATCH", `/api/subscriptions/${one.json().id}`, free.cookie, { active: false });
    const off = await edit(free.cookie, one.json().id, { wordsPerSend: 2, active: false });
    expect(off.statusCode).toBe(403);

    // A trial counts as Premium (3); Pro allows 5.
    const trial = await learner("trial-words@example.com");
    await t.ctx.db.update(users).set({ trialStatus: "active" }).where(eq(users.id, trial.id));
    const three = await subscribe(trial.cookie, topics[0]!.id, { wordsPerSend: 3 });
    expect([three.statusCode, three.json().wordsPerSend]).toEqual([201, 3]);
    const four = await subscribe(trial.cookie, topics[1]!.id, { wordsPerSend: 4 });
    expect(four.statusCode).toBe(403);
    expect(four.json().upgradeOptions.map((option: { name: string }) => option.name)).toEqual(["pro"]);
    const kept = await edit(trial.cookie, three.json().id, { level: 1 });
    expect(kept.json().wordsPerSend).toBe(3);
    const changed = await edit(trial.cookie, three.json().id, { wordsPerSend: 2 });
    expect(changed.json().wordsPerSend).toBe(2);
    expect((await call("GET", "/api/subscriptions", trial.cookie)).json()[0].wordsPerSend).toBe(2);

    // Another user's subscription is not found.
    expect((await edit(free.cookie, three.json().id, { wordsPerSend: 1 })).statusCode).toBe(404);
  });

  it("clamps words per send to the new plan on a downgrade", async () => {
    const pro = await learner("pro-words@example.com", "pro");
    const five = await subscribe(pro.cookie, topics[0]!.id, { wordsPerSend: 5 });
    const two = await subscribe(pro.cookie, topics[1]!.id, { wordsPerSend: 2 });
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.id, pro.id));
    await setPlanByAdmin(t.ctx, admin!, pro.id, "premium");
    const afterPremium = (await call("GET", "/api/subscriptions", pro.cookie)).json();
    expect(afterPremium.map((row: { wordsPerSend: number }) => row.wordsPerSend)).toEqual([3, 2]);
    await setPlanByAdmin(t.ctx, admin!, pro.id, "free");
    const rows = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, pro.id));
    expect(rows.map((row) => [row.id, row.wordsPerSend]).sort()).toEqual(
      [
        [five.json().id, 1],
        [two.json().id, 1],
      ].sort(),
    );
  });
});
