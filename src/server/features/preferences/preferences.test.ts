import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NO_ACTIVE_SELECTED_MESSAGE,
  NOTHING_TO_UPDATE_MESSAGE,
  PHONE_FORMAT_MESSAGE,
  SELECT_SUBSCRIPTIONS_MESSAGE,
} from "@shared/api/preferences";
import { subscriptions, users } from "@server/db/schema";
import { channelSwitchesOf } from "@server/platform/channels/subscription-channels";
import { insertTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

/** The Alerts tab's server side: preferences, 'Disable Email' and the bulk e-mail switch, per user. */
describe("preferences and e-mail switches", () => {
  let t: TestApp;
  let topicIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2025-05-05T08:00:00Z"));
    topicIds = [];
    for (const name of ["finance", "law", "medicine"]) topicIds.push((await insertTopic(t.ctx, name, 3)).id);
  });
  afterAll(() => t.close());

  const send = (method: "PATCH" | "POST", url: string, cookie: string | undefined, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...SAME_ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A pro user (so several subscriptions are allowed) with one subscription per topic, e-mail and in-app on. */
  async function learnerWithSubscriptions(email: string) {
    const { user, cookie } = await t.signIn({ email });
    await t.ctx.db
      .update(users)
      .set({ subscriptionPlan: "pro", subscriptionStatus: "active" })
      .where(eq(users.id, user.id));
    const ids: number[] = [];
    for (const topicId of topicIds) {
      const created = await send("POST", "/api/subscriptions", cookie, {
        topicId,
        frequency: "daily",
        deliveryTime: "09:00",
        emailEnabled: true,
        inAppEnabled: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    return { id: user.id, cookie, subscriptionIds: ids };
  }

  /** The user's subscriptions with their e-mail and in-app switches, by id. */
  const rowsOf = async (userId: string) => {
    const rows = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const switches = await channelSwitchesOf(
      t.ctx.db,
      rows.map((row) => row.id),
    );
    return rows
      .map((row) => ({
        ...row,
        emailEnabled: switches.get(row.id)!.email,
        inAppEnabled: switches.get(row.id)!.in_app,
      }))
      .sort((a, b) => a.id - b.id);
  };
  const userRow = async (userId: string) =>
    (await t.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!;

  it("saves a phone number in E.164 (spaces tolerated) and the two switches, and clears the phone with ''", async () => {
    const { user, cookie } = await t.signIn({ email: "phone@example.com" });
    const saved = await send("PATCH", "/api/user/preferences", cookie, {
      phoneNumber: "+44 7700 900123",
      emailNotifications: false,
      inAppNotifications: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: "Preferences updated successfully" });
    const preferences = (
      await t.app.inject({ method: "GET", url: "/api/preferences", headers: { cookie } })
    ).json();
    expect(preferences).toMatchObject({
      phoneNumber: "+447700900123",
      emailNotifications: false,
      inAppNotifications: true,
    });

    expect((await send("PATCH", "/api/user/preferences", cookie, { phoneNumber: "" })).statusCode).toBe(200);
    expect((await userRow(user.id)).phoneNumber).toBeNull();
  });

  it("refuses bad preference bodies with 400 and a message, and strangers with 401", async () => {
    const { cookie } = await t.signIn({ email: "bad-prefs@example.com" });
    const cases: [unknown, string][] = [
      [{ phoneNumber: "07700 900123" }, PHONE_FORMAT_MESSAGE],
      [{ phoneNumber: "+12" }, PHONE_FORMAT_MESSAGE],
      [{ phoneNumber: 447700900123 }, PHONE_FORMAT_MESSAGE],
      [{ emailNotifications: "yes" }, "emailNotifications must be true or false"],
      [{}, NOTHING_TO_UPDATE_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const response = await send("PATCH", "/api/user/preferences", cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const unknownField = await send("PATCH", "/api/user/preferences", cookie, { isAdmin: true });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().message).toBeTruthy();

    expect(
      (await send("PATCH", "/api/user/preferences", undefined, { emailNotifications: true })).statusCode,
    ).toBe(401);
    expect((await send("POST", "/api/user/disable-email", undefined)).statusCode).toBe(401);
    const anonymousBulk = await send("POST", "/api/user/update-subscription-emails", undefined, {
      subscriptionIds: [1],
      enableEmail: true,
    });
    expect(anonymousBulk.statusCode).toBe(401);
  });

  it("'Disable Email' switches every subscription of the caller to in-app only, and no one else's", async () => {
    const ann = await learnerWithSubscriptions("disable-ann@example.com");
    const bob = await learnerWithSubscriptions("disable-bob@example.com");
    const response = await send("POST", "/api/user/disable-email", ann.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: "All subscriptions have been switched to in-app delivery only.",
      updated: 3,
      emailNotifications: false,
    });
    for (const row of await rowsOf(ann.id)) {
      expect(row).toMatchObject({ emailEnabled: false, inAppEnabled: true, deliveryMethod: "in_app" });
    }
    expect((await userRow(ann.id)).emailNotifications).toBe(false);
    for (const row of await rowsOf(bob.id))
      expect(row).toMatchObject({ emailEnabled: true, deliveryMethod: "both" });
    expect((await userRow(bob.id)).emailNotifications).toBe(true);
  });

  it("turns e-mail off and on for chosen subscriptions; the preference stays on while one still e-mails", async () => {
    const ann = await learnerWithSubscriptions("bulk-ann@example.com");
    const [first, second, third] = ann.subscriptionIds as [number, number, number];

    const off = await send("POST", "/api/user/update-subscription-emails", ann.cookie, {
      subscriptionIds: [first, second],
      enableEmail: false,
      userEmailPreference: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      message: "Email notifications disabled for 2 subscriptions",
      updated: 2,
      emailNotifications: true,
    });
    let rows = await rowsOf(ann.id);
    expect(rows.map((r) => r.deliveryMethod)).toEqual(["in_app", "in_app", "both"]);

    // Off for the last one too: now nothing e-mails, so the preference goes off (whatever the client claims).
    const lastOff = await send("POST", "/api/user/update-subscription-emails", ann.cookie, {
      subscriptionIds: [third],
      enableEmail: false,
      userEmailPreference: true,
    });
    expect(lastOff.json()).toMatchObject({ updated: 1, emailNotifications: false });

    const on = await send("POST", "/api/user/update-subscription-emails", ann.cookie, {
      subscriptionIds: [first, third],
      enableEmail: true,
    });
    expect(on.json()).toEqual({
      message: "Email notifications enabled for 2 subscriptions",
      updated: 2,
      emailNotifications: true,
    });
    rows = await rowsOf(ann.id);
    expect(rows.map((r) => r.emailEnabled)).toEqual([true, false, true]);
    expect(rows[0]).toMatchObject({ deliveryMethod: "both", inAppEnabled: true });
  });

  it("skips switched-off subscriptions, and answers 422 when none of the selection is active", async () => {
    const ann = await learnerWithSubscriptions("inactive-ann@example.com");
    const [first, second] = ann.subscriptionIds as [number, number, number];
    const paused = await send("PATCH", `/api/subscriptions/${first}`, ann.cookie, { active: false });
    expect(paused.statusCode, paused.body).toBe(200);

    const none = await send("POST", "/api/user/update-subscription-emails", ann.cookie, {
      subscriptionIds: [first],
      enableEmail: false,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(NO_ACTIVE_SELECTED_MESSAGE);

    const mixed = await send("POST", "/api/user/update-subscription-emails", ann.cookie, {
      subscriptionIds: [first, second],
      enableEmail: false,
    });
    expect(mixed.json()).toMatchObject({ updated: 1 });
    const rows = await rowsOf(ann.id);
    expect(rows.find((r) => r.id === first)!.emailEnabled).toBe(true);
    expect(rows.find((r) => r.id === second)!.emailEnabled).toBe(false);
  });

  it("rejects bad bulk bodies with 400 and the spec's message", async () => {
    const { cookie } = await t.signIn({ email: "bulk-bad@example.com" });
    const cases: [unknown, string][] = [
      [{ subscriptionIds: [], enableEmail: true }, SELECT_SUBSCRIPTIONS_MESSAGE],
      [{ enableEmail: true }, SELECT_SUBSCRIPTIONS_MESSAGE],
      [{ subscriptionIds: ["x"], enableEmail: true }, SELECT_SUBSCRIPTIONS_MESSAGE],
      [{ subscriptionIds: [1] }, "enableEmail must be true or false"],
      [{ subscriptionIds: Array.from({ length: 501 }, (_, i) => i + 1), enableEmail: true }, "At most 500"],
    ];
    for (const [payload, message] of cases) {
      const response = await send("POST", "/api/user/update-subscription-emails", cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it("never lets user B change user A's subscriptions: any foreign id rejects the whole request with 404", async () => {
    const ann = await learnerWithSubscriptions("victim-ann@example.com");
    const bob = await learnerWithSubscriptions("mallory-bob@example.com");
    const before = await rowsOf(ann.id);
    const bobBefore = await rowsOf(bob.id);

    for (const enableEmail of [false, true]) {
      const foreignOnly = await send("POST", "/api/user/update-subscription-emails", bob.cookie, {
        subscriptionIds: ann.subscriptionIds,
        enableEmail,
      });
      expect(foreignOnly.statusCode).toBe(404);
      expect(foreignOnly.json().message).toBe("Subscription not found");

      const mixed = await send("POST", "/api/user/update-subscription-emails", bob.cookie, {
        subscriptionIds: [bob.subscriptionIds[0], ann.subscriptionIds[0]],
        enableEmail: false,
      });
      expect(mixed.statusCode).toBe(404);
    }
    // Bob's 'Disable Email' and preferences touch only Bob.
    await send("POST", "/api/user/disable-email", bob.cookie);
    await send("PATCH", "/api/user/preferences", bob.cookie, {
      emailNotifications: false,
      phoneNumber: "+15555550100",
    });

    const after = await rowsOf(ann.id);
    expect(after.map((r) => [r.emailEnabled, r.deliveryMethod])).toEqual(
      before.map((r) => [r.emailEnabled, r.deliveryMethod]),
    );
    expect(await userRow(ann.id)).toMatchObject({ emailNotifications: true, phoneNumber: null });
    // The rejected mixed request changed nothing of Bob's either (one transaction).
    expect(bobBefore.every((r) => r.emailEnabled)).toBe(true);
  });
});
