import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@server/db/raw";
import { adminAudit, billingEvents, subscriptions, users } from "@server/db/schema";
import { insertTopic } from "@server/testing/content-fixtures";
import { createAdminTestKit, type AdminTestKit } from "@server/testing/admin-test-kit";
import { EMAIL_TAKEN_MESSAGE, LAST_ADMIN_MESSAGE } from "./users";

describe("admin: users", () => {
  let kit: AdminTestKit;
  let member: { id: string; cookie: string };

  beforeAll(async () => {
    kit = await createAdminTestKit();
    const signed = await kit.t.signIn({ email: "member@example.com", firstName: "Mia" });
    member = { id: signed.user.id, cookie: signed.cookie };
  });
  afterAll(() => kit.t.close());

  const auditRows = (entityId: string) =>
    kit.t.ctx.db.select().from(adminAudit).where(eq(adminAudit.entityId, entityId)).orderBy(adminAudit.id);

  it("lists every user, newest first, with the fields the cards show", async () => {
    const response = await kit.asAdmin("GET", "/api/admin/users");
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((user: { email: string }) => user.email)).toEqual([
      "member@example.com",
      "root@example.com",
    ]);
    expect(list[0]).toMatchObject({
      id: member.id,
      firstName: "Mia",
      lastName: null,
      phoneNumber: null,
      isAdmin: false,
      subscriptionPlan: "free",
      createdAt: expect.any(String),
    });
  });

  it("edits profile fields, trims them, stores empty ones as not provided, and audits before/after", async () => {
    const response = await kit.asAdmin("PUT", `/api/admin/users/${member.id}`, {
      email: "  Mia.New@Example.com ",
      firstName: " Mia ",
      lastName: "Lopez",
      phoneNumber: "+44 20 7946 0958",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: "mia.new@example.com",
      firstName: "Mia",
      lastName: "Lopez",
      fullName: "Mia Lopez",
      phoneNumber: "+44 20 7946 0958",
    });
    const cleared = await kit.asAdmin("PUT", `/api/admin/users/${member.id}`, {
      lastName: "",
      phoneNumber: null,
    });
    expect(cleared.json()).toMatchObject({ lastName: null, phoneNumber: null });

    const audit = await auditRows(member.id);
    expect(audit[0]).toMatchObject({
      adminId: kit.adminId,
      adminEmail: "root@example.com",
      action: "user.update",
      entityType: "user",
      before: { email: "member@example.com", lastName: null, phoneNumber: null },
      after: { email: "mia.new@example.com", lastName: "Lopez", phoneNumber: "+44 20 7946 0958" },
    });
    expect(audit[0]!.createdAt).toBeInstanceOf(Date);
    // Unchanged fields are not part of the record.
    expect(audit[0]!.before).not.toHaveProperty("firstName");
  });

  it("keeps e-mail addresses unique (any case): 409", async () => {
    const response = await kit.asAdmin("PUT", `/api/admin/users/${member.id}`, { email: "ROOT@example.com" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: EMAIL_TAKEN_MESSAGE, code: "EMAIL_TAKEN" });
    const [row] = await kit.t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.email).toBe("mia.new@example.com");
  });

  it("never lets the last admin remove their own admin flag (409), but allows it once another admin exists", async () => {
    const alone = await kit.asAdmin("PUT", `/api/admin/users/${kit.adminId}`, { isAdmin: false });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({ message: LAST_ADMIN_MESSAGE, code: "LAST_ADMIN" });

    expect(
      (await kit.asAdmin("PUT", `/api/admin/users/${member.id}`, { isAdmin: true })).json(),
    ).toMatchObject({
      isAdmin: true,
    });
    const stepDown = await kit.asAdmin("PUT", `/api/admin/users/${kit.adminId}`, { isAdmin: false });
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json()).toMatchObject({ isAdmin: false });
    // Now a plain user: the console is closed to them.
    expect((await kit.asAdmin("GET", "/api/admin/users")).statusCode).toBe(403);

    // The new admin (the only one left) cannot step down either; then restores the first admin.
    const asMember = (payload: object, id = member.id) =>
      kit.call("PUT", `/api/admin/users/${id}`, { cookie: member.cookie, payload });
    expect((await asMember({ isAdmin: false })).statusCode).toBe(409);
    expect((await asMember({ isAdmin: true }, kit.adminId)).statusCode).toBe(200);
    expect((await asMember({ isAdmin: false })).statusCode).toBe(200);
  });

  it("sets a plan in our records only: billing audit trail, no payment provider, limits applied at once", async () => {
    const learner = await kit.t.signIn({ email: "learner@example.com" });
    const [topicA, topicB, topicC] = await Promise.all(
      ["alpha", "beta", "gamma"].map((name) => insertTopic(kit.t.ctx, name, 2)),
    );
    const subscribe = (topicId: number) =>
      kit.call("POST", "/api/subscriptions", {
        cookie: learner.cookie,
        payload: {
          topicId,
          frequency: "daily",
          deliveryTime: "09:00",
          emailEnabled: false,
          inAppEnabled: true,
        },
      });
    // Free allows one subscription.
    expect((await subscribe(topicA!.id)).statusCode).toBe(201);
    expect((await subscribe(topicB!.id)).statusCode).toBe(403);

    const pro = await kit.asAdmin("PUT", `/api/admin/users/${learner.user.id}`, { subscriptionPlan: "pro" });
    expect(pro.statusCode).toBe(200);
    expect(pro.json()).toMatchObject({ subscriptionPlan: "pro", subscriptionStatus: "active" });
    // The learner sees the new plan and its limits straight away.
    const me = await kit.call("GET", "/api/auth/user", { cookie: learner.cookie });
    expect(me.json()).toMatchObject({ subscriptionPlan: "pro" });
    expect((await subscribe(topicB!.id)).statusCode).toBe(201);
    expect((await subscribe(topicC!.id)).statusCode).toBe(201);

    // Back to free: the extra subscriptions are paused, the oldest keeps running.
    const free = await kit.asAdmin("PUT", `/api/admin/users/${learner.user.id}`, {
      subscriptionPlan: "free",
    });
    expect(free.json()).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: null });
    const subs = await kit.t.ctx.db
      .select({ topicId: subscriptions.topicId, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.userId, learner.user.id))
      .orderBy(subscriptions.id);
    expect(subs.map((s) => s.status)).toEqual(["active", "paused", "paused"]);

    const events = await kit.t.ctx.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.userId, learner.user.id))
      .orderBy(billingEvents.id);
    expect(events.map((e) => e.type)).toEqual(["admin.plan_set", "admin.plan_set"]);
    expect(events[0]).toMatchObject({
      provider: null,
      fromState: { subscriptionPlan: "free" },
      toState: { subscriptionPlan: "pro", subscriptionStatus: "active" },
      details: { adminEmail: "root@example.com", providerTouched: false },
    });
    // Nothing was created at the payment provider (the sandbox keeps its objects in the database).
    const [provider] = await queryRows<{ customers: number; objects: number }>(
      kit.t.ctx.db,
      sql`select (select count(*)::int from billing_customers) as customers,
                 (select count(*)::int from sandbox_objects) as objects`,
    );
    expect(provider).toEqual({ customers: 0, objects: 0 });

    const audit = await auditRows(learner.user.id);
    expect(audit.map((row) => row.action)).toEqual(["user.plan_set", "user.plan_set"]);
    expect(audit[0]).toMatchObject({
      before: { subscriptionPlan: "free" },
      after: { subscriptionPlan: "pro" },
    });
  });

  it("writes nothing when nothing changes", async () => {
    const before = (await kit.t.ctx.db.select().from(adminAudit)).length;
    const same = await kit.asAdmin("PUT", `/api/admin/users/${member.id}`, {
      firstName: "Mia",
      subscriptionPlan: "free",
    });
    expect(same.statusCode).toBe(200);
    expect((await kit.t.ctx.db.select().from(adminAudit)).length).toBe(before);
  });

  it.each([
    [{ email: "not-an-email" }, 400, "Please enter a valid e-mail address"],
    [{ subscriptionPlan: "platinum" }, 400, "Plan must be one of free, basic, premium, pro, admin_test"],
    [{ isAdmin: "yes" }, 400, undefined],
    [{ firstName: "x".repeat(101) }, 400, "First name must be at most 100 characters"],
    [{ phoneNumber: "call me maybe" }, 400, "Please enter a valid phone number"],
    ["[1,2", 400, "The request body is not valid JSON."],
    [[], 400, undefined],
  ])("refuses bad input %j with %i", async (payload, status, message) => {
    const response = await kit.asAdmin("PUT", `/api/admin/users/${member.id}`, payload);
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toContain(message);
  });

  it("ignores fields it does not edit (a client may send the whole user back)", async () => {
    const [before] = await kit.t.ctx.db.select().from(users).where(eq(users.id, member.id));
    const response = await kit.asAdmin("PUT", `/api/admin/users/${member.id}`, {
      id: "someone-else",
      createdAt: "2000-01-01T00:00:00.000Z",
      fullName: "Ignored",
      role: "owner",
      firstName: "Mia",
    });
    expect(response.statusCode).toBe(200);
    const [after] = await kit.t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(after).toEqual(before);
  });

  it("answers 404 for an unknown user, whatever is sent", async () => {
    for (const payload of [{ firstName: "Ghost" }, { subscriptionPlan: "pro" }, {}]) {
      const response = await kit.asAdmin(
        "PUT",
        "/api/admin/users/00000000-0000-0000-0000-000000000000",
        payload,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "User not found", code: "NOT_FOUND" });
    }
  });
});
