import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, SANDBOX_TEST_CARDS } from "@shared/constants";
import { formatBillingDay } from "@shared/rules/billing";
import { billingEvents, mailbox, subscriptions, users } from "@server/db/schema";
import { insertTopic } from "@server/testing/content-fixtures";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { payments } from "./providers";
import { runBillingSweep } from "./service";

/** Every billing flow through the built-in sandbox provider, on the real app, with the clock moved by hand. */
describe("billing through the sandbox provider", () => {
  let t: TestApp;
  let topicIds: number[];

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "root@example.com" } });
    t.clock.set(new Date("2025-06-01T10:00:00Z"));
    topicIds = [];
    for (const name of ["finance", "law", "medicine"]) topicIds.push((await insertTopic(t.ctx, name, 3)).id);
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload?: object) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { cookie, ...SAME_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const mailTo = async (email: string) =>
    (await t.ctx.db.select().from(mailbox).where(eq(mailbox.to, email))).map((m) => m.subject);
  const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: 2030, cvc: "123" });
  const sweep = async () => {
    await runBillingSweep(t.ctx);
    await payments(t.ctx).flushSandboxEvents();
  };
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    await sweep();
  };

  async function newUser(email: string) {
    const { user, cookie } = await t.signIn({ email });
    return { id: user.id, email, cookie };
  }

  async function subscribe(cookie: string, topicId: number) {
    const response = await post(cookie, "/api/subscriptions", {
      topicId,
      frequency: "daily",
      deliveryTime: "09:00",
      emailEnabled: false,
      inAppEnabled: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  async function startTrial(cookie: string, cardNumber: string) {
    const started = await post(cookie, "/api/start-trial", { trialPlan: "premium" });
    expect(started.statusCode, started.body).toBe(200);
    const { clientSecret, setupIntentId } = started.json();
    const confirmed = await post(cookie, "/api/sandbox/confirm", { clientSecret, ...card(cardNumber) });
    return { setupIntentId, confirmed };
  }

  async function buy(
    cookie: string,
    planName: string,
    cardNumber: string = SANDBOX_TEST_CARDS.succeeds,
    choice: { interval?: "month" | "year"; currency?: "gbp" | "usd" } = {},
  ) {
    const intent = await post(cookie, "/api/create-payment-intent", { planName, ...choice });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret, paymentIntentId } = intent.json();
    expect(clientSecret).toMatch(/^pi_.+_secret_/);
    const confirmed = await post(cookie, "/api/sandbox/confirm", { clientSecret, ...card(cardNumber) });
    if (confirmed.statusCode !== 200) return { confirmed, completed: undefined };
    const completed = await post(cookie, "/api/complete-subscription", { setupIntentId: paymentIntentId });
    return { confirmed, completed };
  }

  it("answers the payment config in test mode and lists plans (admin_test only for admins)", async () => {
    const ann = await newUser("plans@example.com");
    const config = await get(ann.cookie, "/api/stripe-config");
    expect(config.json()).toEqual({
      publishableKey: "pk_test_sandbox",
      provider: "sandbox",
      mode: "test",
      testMode: true,
    });
    const plans = (await t.app.inject({ method: "GET", url: "/api/subscription-plans" })).json();
    expect(plans.map((p: { name: string }) => p.name)).toEqual(["free", "basic", "premium", "pro"]);
    const admin = await newUser("root@example.com");
    const adminPlans = (await get(admin.cookie, "/api/subscription-plans")).json();
    expect(adminPlans.at(-1)).toMatchObject({ name: "admin_test", displayName: "Admin Test Pro", price: 30 });
  });

  it("starts a 7-day premium trial with a saved card, once per user and once per card, then converts at £8", async () => {
    const ann = await newUser("trial@example.com");
    const { setupIntentId, confirmed } = await startTrial(ann.cookie, SANDBOX_TEST_CARDS.succeeds);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const trial = await post(ann.cookie, "/api/confirm-trial", { setupIntentId });
    expect(trial.statusCode, trial.body).toBe(200);
    expect(trial.json().message).toBe("Welcome to your 7-day premium trial!");
    // A double submit answers the same and starts nothing new.
    expect((await post(ann.cookie, "/api/confirm-trial", { setupIntentId })).statusCode).toBe(200);
    let row = await userRow(ann.id);
    expect(row).toMatchObject({ subscriptionPlan: "free", trialStatus: "active", trialPlan: "premium" });
    expect(row.trialEndDate?.toISOString()).toBe("2025-06-08T10:00:00.000Z");
    expect(await mailTo(ann.email)).toContain("Your 7-day Premium trial has started");

    // Another trial: refused for the user, and for another account using the same card.
    expect((await post(ann.cookie, "/api/start-trial", { trialPlan: "premium" })).statusCode).toBe(409);
    const bob = await newUser("trial-bob@example.com");
    const second = await startTrial(bob.cookie, SANDBOX_TEST_CARDS.succeeds);
    const refused = await post(bob.cookie, "/api/confirm-trial", { setupIntentId: second.setupIntentId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This card has already been used for a free trial.");
    // Another card in the same dialog: a fresh setup, and the trial starts with it.
    // (A card no other test of this file uses: a trial is once per card.)
    const another = await startTrial(bob.cookie, "5200828282828210");
    expect(another.setupIntentId).not.toBe(second.setupIntentId);
    expect(another.confirmed.statusCode, another.confirmed.body).toBe(200);
    const bobTrial = await post(bob.cookie, "/api/confirm-trial", { setupIntentId: another.setupIntentId });
    expect(bobTrial.statusCode, bobTrial.body).toBe(200);
    expect((await userRow(bob.id)).trialStatus).toBe("active");

    await advance(5 * DAY_MS + HOUR_MS);
    expect(await mailTo(ann.email)).toContain("Your Premium trial ends in 2 days");
    await advance(2 * DAY_MS);
    row = await userRow(ann.id);
    expect(row).toMatchObject({
      subscriptionPlan: "premium",
      subscriptionStatus: "active",
      trialStatus: "converted",
    });
    expect(row.nextBillingDate?.toISOString()).toBe("2025-07-08T10:00:00.000Z");
    expect(await mailTo(ann.email)).toContain("Payment receipt: Jargon Premium");
    // The promo never returns: the trial is remembered after cancelling.
    expect((await post(ann.cookie, "/api/start-trial", { trialPlan: "premium" })).json().message).toBe(
      "You have already used your free trial.",
    );
  });

  it("cancelling a trial keeps Premium to the trial's end, e-mails the user, can be undone, then moves to free", async () => {
    const cat = await newUser("cancel-trial@example.com");
    const { setupIntentId } = await startTrial(cat.cookie, "5555 5555 5555 4444");
    await post(cat.cookie, "/api/confirm-trial", { setupIntentId });
    for (const topicId of topicIds) await subscribe(cat.cookie, topicId);
    const trialEnd = (await userRow(cat.id)).trialEndDate!;
    const cancelled = await post(cat.cookie, "/api/cancel-trial");
    expect(cancelled.json().message).toBe(
      `Your trial has been cancelled. You keep Premium until ${formatBillingDay(trialEnd)}, then you move to the free plan without being charged.`,
    );
    let row = await userRow(cat.id);
    expect(row).toMatchObject({ subscriptionPlan: "free", trialStatus: "active", nextBillingDate: null });
    expect(row.subscriptionEndsAt).toEqual(trialEnd);
    expect(await mailTo(cat.email)).toContain("Your Premium trial is cancelled");
    const running = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, cat.id));
    expect(running.map((s) => s.status)).toEqual(["active", "active", "active"]);
    expect((await post(cat.cookie, "/api/cancel-trial")).statusCode).toBe(409);

    // 'Keep Trial' undoes it, and cancelling again is possible.
    const kept = await post(cat.cookie, "/api/reactivate-subscription");
    expect(kept.statusCode, kept.body).toBe(200);
    row = await userRow(cat.id);
    expect(row.subscriptionEndsAt).toBeNull();
    expect(row.nextBillingDate).toEqual(trialEnd);
    expect((await post(cat.cookie, "/api/cancel-trial")).statusCode).toBe(200);

    await advance(7 * DAY_MS + HOUR_MS);
    expect(await userRow(cat.id)).toMatchObject({ subscriptionPlan: "free", trialStatus: "cancelled" });
    const statuses = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, cat.id));
    expect(statuses.map((s) => s.status).sort()).toEqual(["active", "paused", "paused"]);
    const mail = await mailTo(cat.email);
    expect(mail).not.toContain("Your Premium trial ends in 2 days");
    expect(mail).not.toContain("Payment receipt: Jargon Premium");
    expect((await post(cat.cookie, "/api/validate-subscription")).json()).toMatchObject({
      wasDowngraded: true,
      downgradeReason: "Your cancelled free trial has ended.",
    });
  });

  it("a downgrade takes premium frequencies away: hourly falls back to daily at the same time, and the user is told", async () => {
    const hal = await newUser("hourly-trial@example.com");
    const { setupIntentId } = await startTrial(hal.cookie, "3782 822463 10005");
    await post(hal.cookie, "/api/confirm-trial", { setupIntentId });
    const created = await post(hal.cookie, "/api/subscriptions", {
      topicId: topicIds[0],
      frequency: "hourly",
      deliveryTime: "07:30",
      emailEnabled: false,
      inAppEnabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const subscriptionId = created.json().id as number;

    expect((await post(hal.cookie, "/api/cancel-trial")).statusCode).toBe(200);
    await advance(7 * DAY_MS + HOUR_MS);
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(row).toMatchObject({ frequency: "daily", deliveryTime: "07:30", status: "active" });
    // The next delivery is the next 07:30 (the user has no zone: UTC), not within the hour.
    const next = row!.nextDeliveryAt!;
    expect(next.toISOString().slice(11, 16)).toBe("07:30");
    expect(next.getTime() - t.clock.now().getTime()).toBeGreaterThan(0);
    expect(next.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(DAY_MS);
    expect(await mailTo(hal.email)).toContain("Your Jargon delivery schedule changed");
    const report = (await post(hal.cookie, "/api/validate-subscription")).json();
    expect(report.frequencyChanges).toEqual([
      {
        subscriptionId,
        topicName: expect.any(String),
        previousFrequency: "hourly",
        frequency: "daily",
        deliveryTime: "07:30",
      },
    ]);
    // Reported once; the dashboard keeps it until dismissed.
    expect((await post(hal.cookie, "/api/validate-subscription")).json().frequencyChanges).toEqual([]);
    // And a free user still cannot choose hourly again.
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/subscriptions/${subscriptionId}`,
      headers: { cookie: hal.cookie, ...SAME_ORIGIN },
      payload: { frequency: "hourly", deliveryTime: "07:30", emailEnabled: false, inAppEnabled: true },
    });
    expect(patched.statusCode).toBe(403);
  });

  it("an admin's change to Free takes premium frequencies away too", async () => {
    const ivy = await newUser("admin-downgraded@example.com");
    await buy(ivy.cookie, "premium");
    const created = await post(ivy.cookie, "/api/subscriptions", {
      topicId: topicIds[1],
      frequency: "every4hours",
      deliveryTime: "10:00",
      emailEnabled: false,
      inAppEnabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const admin = await t.signIn({ email: "root@example.com" });
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${ivy.id}`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
      payload: { subscriptionPlan: "free" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, created.json().id));
    expect(row).toMatchObject({ frequency: "daily", deliveryTime: "10:00" });
  });

  it("a trial card that fails off-session goes past_due at conversion, then free after 7 days, reported once", async () => {
    const dan = await newUser("renewal-fail@example.com");
    const { setupIntentId } = await startTrial(dan.cookie, SANDBOX_TEST_CARDS.failsOnRenewal);
    expect((await post(dan.cookie, "/api/confirm-trial", { setupIntentId })).statusCode).toBe(200);
    await advance(7 * DAY_MS + HOUR_MS);
    expect(await userRow(dan.id)).toMatchObject({
      subscriptionPlan: "premium",
      subscriptionStatus: "past_due",
    });
    expect(await mailTo(dan.email)).toContain("Your Jargon payment failed");
    await advance(6 * DAY_MS);
    expect((await userRow(dan.id)).subscriptionStatus).toBe("past_due");
    await advance(DAY_MS);
    expect(await userRow(dan.id)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: null });
    const report = (await post(dan.cookie, "/api/validate-subscription")).json();
    expect(report).toMatchObject({ wasDowngraded: true, previousPlan: "premium", contactSuggested: true });
    expect(report.downgradeReason).toContain("7 days");
    expect((await post(dan.cookie, "/api/validate-subscription")).json().wasDowngraded).toBe(false);
    expect(await mailTo(dan.email)).toContain("Your Jargon plan has ended");
  });

  it("buys a plan with the card form, refuses a declined card with the provider's message, and sends a receipt", async () => {
    const eve = await newUser("buyer@example.com");
    const declined = await buy(eve.cookie, "basic", SANDBOX_TEST_CARDS.declined);
    expect(declined.confirmed.statusCode).toBe(402);
    expect(declined.confirmed.json().message).toBe("Your card was declined.");
    expect((await userRow(eve.id)).subscriptionPlan).toBe("free");

    // The same open checkout is offered again (double click, retry), then paid with a good card.
    const { confirmed, completed } = await buy(eve.cookie, "basic");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(completed!.json()).toMatchObject({ planName: "basic", plan: { name: "basic" }, amount: 400 });
    expect(await userRow(eve.id)).toMatchObject({ subscriptionPlan: "basic", subscriptionStatus: "active" });
    expect(await mailTo(eve.email)).toContain("Payment receipt: Jargon Basic");
    const checkouts = await t.ctx.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.type, "checkout.opened"));
    expect(checkouts.filter((event) => event.userId === eve.id)).toHaveLength(1);
  });

  it("upgrades at once with proration, cancels to pending_cancel, reactivates, and ends at the period end", async () => {
    const fay = await newUser("upgrade@example.com");
    await buy(fay.cookie, "basic");
    for (const topicId of topicIds) await subscribe(fay.cookie, topicId);
    await advance(15 * DAY_MS);
    const upgraded = await post(fay.cookie, "/api/create-payment-intent", { planName: "pro" });
    expect(upgraded.json()).toMatchObject({ alreadyActive: true, planName: "pro" });
    expect((await userRow(fay.id)).subscriptionPlan).toBe("pro");
    const receipts = (await mailTo(fay.email)).filter((subject) => subject === "Payment receipt: Jargon Pro");
    expect(receipts).toHaveLength(1);

    const renewsOn = (await userRow(fay.id)).nextBillingDate;
    const cancel = await post(fay.cookie, "/api/cancel-subscription");
    expect(cancel.json()).toMatchObject({ alreadyScheduled: false });
    const pending = await userRow(fay.id);
    expect(pending).toMatchObject({ subscriptionStatus: "pending_cancel", nextBillingDate: null });
    expect(pending.subscriptionEndsAt).toEqual(renewsOn);
    expect((await post(fay.cookie, "/api/cancel-subscription")).json()).toMatchObject({
      alreadyScheduled: true,
    });

    expect((await post(fay.cookie, "/api/reactivate-subscription")).json().message).toBe(
      "Your subscription has been reactivated.",
    );
    expect((await userRow(fay.id)).subscriptionStatus).toBe("active");
    expect((await post(fay.cookie, "/api/reactivate-subscription")).statusCode).toBe(409);

    // Downgrade to free with three subscriptions: choose one, the others pause at the period end.
    const choice = await post(fay.cookie, "/api/create-payment-intent", { planName: "free" });
    expect(choice.json().requiresSubscriptionSelection).toBe(true);
    expect(choice.json().subscriptions).toHaveLength(3);
    const keep = choice.json().subscriptions[2].id as number;
    const downgrade = await post(fay.cookie, "/api/downgrade-with-selection", {
      selectedSubscriptionId: keep,
      action: "downgrade_to_free",
    });
    expect(downgrade.statusCode, downgrade.body).toBe(200);
    expect(downgrade.json().subscriptionDetails.subscriptionToKeep.id).toBe(keep);
    const again = await post(fay.cookie, "/api/create-payment-intent", { planName: "free" });
    expect(again.json()).toMatchObject({ alreadyScheduled: true });
    expect(again.json().subscriptionDetails.subscriptionsToLose).toHaveLength(2);

    await advance(16 * DAY_MS);
    fay.cookie = (await t.signIn({ email: fay.email })).cookie;
    expect(await userRow(fay.id)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: null });
    const rows = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fay.id));
    expect(rows.filter((s) => s.status === "active").map((s) => s.id)).toEqual([keep]);
    expect((await post(fay.cookie, "/api/validate-subscription")).json()).toMatchObject({
      wasDowngraded: true,
      previousPlan: "pro",
      contactSuggested: false,
    });

    // Upgrading again resumes the paused subscriptions.
    await buy(fay.cookie, "premium");
    const resumed = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fay.id));
    expect(resumed.every((s) => s.status === "active")).toBe(true);
  });

  /** The amounts paid, read as the user (signed in afresh: moving the clock by months expires sessions). */
  const paidInvoices = async (email: string) =>
    (
      (await get((await t.signIn({ email })).cookie, "/api/sandbox/portal")).json().invoices as {
        amount: number;
        status: string;
      }[]
    )
      .filter((invoice) => invoice.status === "paid")
      .map((invoice) => invoice.amount)
      .sort((a, b) => a - b);

  it("bills a year at 10 months (£160 for Pro), renews a year later, and ends at the period end when cancelled", async () => {
    const yan = await newUser("yearly@example.com");
    const { completed } = await buy(yan.cookie, "pro", SANDBOX_TEST_CARDS.succeeds, { interval: "year" });
    expect(completed!.json()).toMatchObject({
      planName: "pro",
      amount: 16000,
      currency: "gbp",
      interval: "year",
    });
    const bought = t.clock.now().getTime();
    let row = await userRow(yan.id);
    expect(row).toMatchObject({ subscriptionPlan: "pro", billingInterval: "year", billingCurrency: "gbp" });
    const renewal = row.nextBillingDate!.getTime();
    expect(renewal - bought).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(completed!.json().nextBillingDate).toBe(row.nextBillingDate!.toISOString());
    // A month later nothing renews; a year later the card pays another year.
    await advance(31 * DAY_MS);
    expect(await paidInvoices(yan.email)).toEqual([16000]);
    t.clock.set(new Date(renewal + HOUR_MS));
    await sweep();
    expect(await paidInvoices(yan.email)).toEqual([16000, 16000]);
    row = await userRow(yan.id);
    expect(row.nextBillingDate!.getTime() - renewal).toBeGreaterThanOrEqual(365 * DAY_MS);
    // Cancelling keeps the year to its end, then Free.
    yan.cookie = (await t.signIn({ email: yan.email })).cookie;
    expect((await post(yan.cookie, "/api/cancel-subscription")).statusCode).toBe(200);
    row = await userRow(yan.id);
    expect(row).toMatchObject({ subscriptionStatus: "pending_cancel", nextBillingDate: null });
    t.clock.set(new Date(row.subscriptionEndsAt!.getTime() + HOUR_MS));
    await sweep();
    expect(await userRow(yan.id)).toMatchObject({ subscriptionPlan: "free", billingInterval: null });
    expect(await paidInvoices(yan.email)).toEqual([16000, 16000]);
  });

  it("switches monthly to yearly at once, charging the year less the unused month", async () => {
    const mo = await newUser("monthly-to-yearly@example.com");
    await buy(mo.cookie, "premium");
    await advance(15 * DAY_MS);
    const switched = await post(mo.cookie, "/api/create-payment-intent", {
      planName: "premium",
      interval: "year",
    });
    expect(switched.json()).toMatchObject({ alreadyActive: true, interval: "year", amount: 8000 });
    const row = await userRow(mo.id);
    expect(row).toMatchObject({ subscriptionPlan: "premium", billingInterval: "year" });
    expect(row.nextBillingDate!.getTime() - t.clock.now().getTime()).toBeGreaterThanOrEqual(365 * DAY_MS);
    const [first, proration] = await paidInvoices(mo.email).then((amounts) => [
      800,
      amounts.find((a) => a !== 800),
    ]);
    expect(first).toBe(800);
    // About half of the £8 month was unused: the year costs £80 less roughly £4.
    expect(proration).toBeGreaterThan(7500);
    expect(proration).toBeLessThan(7700);
    // Asking for the same plan and interval again changes nothing.
    expect(
      (await post(mo.cookie, "/api/create-payment-intent", { planName: "premium", interval: "year" })).json(),
    ).toMatchObject({ alreadyActive: true, message: "You're already on the Premium plan." });
  });

  it("charges $19.00 for Pro in US dollars, and keeps a customer in the currency of their first payment", async () => {
    const usa = await newUser("dollars@example.com");
    const intent = await post(usa.cookie, "/api/create-payment-intent", { planName: "pro", currency: "usd" });
    expect(intent.json()).toMatchObject({
      planName: "pro",
      currency: "usd",
      interval: "month",
      amount: 1900,
    });
    const { completed } = await buy(usa.cookie, "pro", SANDBOX_TEST_CARDS.succeeds, { currency: "usd" });
    expect(completed!.json()).toMatchObject({ amount: 1900, currency: "usd" });
    expect(await paidInvoices(usa.email)).toEqual([1900]);
    expect(await userRow(usa.id)).toMatchObject({ billingCurrency: "usd" });
    expect(await mailTo(usa.email)).toContain("Payment receipt: Jargon Pro");
    const [receipt] = await t.ctx.db.select().from(mailbox).where(eq(mailbox.to, usa.email));
    expect(JSON.stringify(receipt)).toContain("$19.00");

    // Back on Free, a pound checkout is still charged in dollars.
    await post(usa.cookie, "/api/cancel-subscription");
    t.clock.set(new Date((await userRow(usa.id)).subscriptionEndsAt!.getTime() + HOUR_MS));
    await sweep();
    usa.cookie = (await t.signIn({ email: usa.email })).cookie;
    const again = await post(usa.cookie, "/api/create-payment-intent", {
      planName: "basic",
      currency: "gbp",
    });
    expect(again.json()).toMatchObject({ currency: "usd", amount: 500 });
    // Bad input is refused with 400 and opens nothing.
    for (const body of [
      { planName: "pro", interval: "week" },
      { planName: "pro", currency: "eur" },
    ]) {
      const refused = await post(usa.cookie, "/api/create-payment-intent", body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/interval|currency/);
    }
  });

  it("once Stripe keys arrive, sandbox subscriptions end at their period end instead of renewing", async () => {
    const sam = await newUser("sandbox-born@example.com");
    await buy(sam.cookie, "basic");
    const endsOn = (await userRow(sam.id)).nextBillingDate!;
    const config = t.ctx.config as { stripe: typeof t.ctx.config.stripe };
    const sandboxOnly = config.stripe;
    // What a restart with STRIPE_* keys set gives the process (no Stripe call is made for sandbox rows).
    config.stripe = {
      ...sandboxOnly,
      test: { secretKey: "sk_test_arrived", publishableKey: "pk_test_arrived", webhookSecret: undefined },
    };
    try {
      const result = await runBillingSweep(t.ctx, { onlyUserId: sam.id });
      expect(result.sandboxSubscriptionsEnding).toBe(1);
      expect(await userRow(sam.id)).toMatchObject({
        subscriptionPlan: "basic",
        subscriptionStatus: "pending_cancel",
        subscriptionEndsAt: endsOn,
      });
      expect((await runBillingSweep(t.ctx, { onlyUserId: sam.id })).sandboxSubscriptionsEnding).toBe(0);
      t.clock.set(new Date(endsOn.getTime() + HOUR_MS));
      await runBillingSweep(t.ctx, { onlyUserId: sam.id });
      await payments(t.ctx).flushSandboxEvents();
      expect(await userRow(sam.id)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: null });
      const renewals = (await mailTo(sam.email)).filter((subject) => subject.startsWith("Payment receipt"));
      expect(renewals).toHaveLength(1);
    } finally {
      config.stripe = sandboxOnly;
    }
  });

  it("recovers from past_due when the card is updated in the sandbox portal", async () => {
    const gus = await newUser("portal@example.com");
    await buy(gus.cookie, "premium", SANDBOX_TEST_CARDS.failsOnRenewal);
    expect((await userRow(gus.id)).subscriptionStatus).toBe("active");
    await advance(31 * DAY_MS);
    expect((await userRow(gus.id)).subscriptionStatus).toBe("past_due");
    gus.cookie = (await t.signIn({ email: gus.email })).cookie; // the session expired during the month
    const portalUrl = await post(gus.cookie, "/api/create-customer-portal");
    expect(portalUrl.json().url, portalUrl.body).toBe("http://localhost:5000/sandbox/portal");
    const portal = await post(
      gus.cookie,
      "/api/sandbox/portal/payment-method",
      card(SANDBOX_TEST_CARDS.succeeds),
    );
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().card).toMatchObject({ brand: "visa", last4: "4242" });
    expect((await userRow(gus.id)).subscriptionStatus).toBe("active");
  });

  it("refuses bad input with 4xx and a message, and never lets one user touch another's billing", async () => {
    const hal = await newUser("bad-input@example.com");
    const ivy = await newUser("other@example.com");
    const cases: [string, object | undefined, number][] = [
      ["/api/start-trial", { trialPlan: "pro" }, 400],
      ["/api/start-trial", undefined, 400],
      ["/api/confirm-trial", {}, 400],
      ["/api/confirm-trial", { setupIntentId: "seti_nope" }, 404],
      ["/api/create-payment-intent", { planName: "gold" }, 400],
      ["/api/create-payment-intent", { planName: "admin_test" }, 403],
      ["/api/downgrade-with-selection", { action: "downgrade_to_free" }, 400],
      ["/api/downgrade-with-selection", { selectedSubscriptionId: 1, action: "nope" }, 400],
      ["/api/complete-subscription", {}, 400],
      ["/api/complete-subscription", { setupIntentId: "pi_unknown" }, 404],
      ["/api/cancel-subscription", undefined, 409],
      ["/api/reactivate-subscription", undefined, 409],
      ["/api/cancel-trial", undefined, 409],
      ["/api/sandbox/confirm", { clientSecret: "pi_x_secret_y", cardNumber: "42" }, 400],
      ["/api/create-customer-portal", undefined, 409],
    ];
    for (const [url, payload, status] of cases) {
      const response = await post(hal.cookie, url, payload);
      expect(response.statusCode, `${url} ${response.body}`).toBe(status);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(
      (await post(hal.cookie, "/api/downgrade-with-selection", { action: "downgrade_to_free" })).json()
        .message,
    ).toBe("Please select a subscription to keep on the free plan");
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/start-trial",
      headers: SAME_ORIGIN,
      payload: { trialPlan: "premium" },
    });
    expect(anonymous.statusCode).toBe(401);

    // Ivy's open checkout and trial setup are invisible to Hal.
    const ivyIntent = (await post(ivy.cookie, "/api/create-payment-intent", { planName: "basic" })).json();
    const ivyTrial = (await post(ivy.cookie, "/api/start-trial", { trialPlan: "premium" })).json();
    await post(hal.cookie, "/api/start-trial", { trialPlan: "premium" });
    const steal = await post(hal.cookie, "/api/sandbox/confirm", {
      clientSecret: ivyIntent.clientSecret,
      ...card(SANDBOX_TEST_CARDS.succeeds),
    });
    expect(steal.statusCode).toBe(404);
    expect(
      (await post(hal.cookie, "/api/complete-subscription", { setupIntentId: ivyIntent.paymentIntentId }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(hal.cookie, "/api/confirm-trial", { setupIntentId: ivyTrial.setupIntentId })).statusCode,
    ).toBe(404);
    const ivySubscription = await subscribe(ivy.cookie, topicIds[0]!);
    const foreign = await post(hal.cookie, "/api/downgrade-with-selection", {
      selectedSubscriptionId: ivySubscription,
      action: "downgrade_to_free",
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("lets only admins read the mode, and refuses live mode when its keys are missing", async () => {
    const admin = await newUser("root@example.com");
    const user = await newUser("not-admin@example.com");
    expect((await get(user.cookie, "/api/admin/stripe-mode")).statusCode).toBe(403);
    expect((await get(admin.cookie, "/api/admin/stripe-mode")).json()).toEqual({
      mode: "test",
      provider: "sandbox",
      testConfigured: false,
      liveConfigured: false,
    });
    const live = await post(admin.cookie, "/api/admin/stripe-mode", { mode: "live" });
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toContain("STRIPE_LIVE_SECRET_KEY");
    expect((await post(admin.cookie, "/api/admin/stripe-mode", { mode: "gold" })).statusCode).toBe(400);
  });

  it("refunds a learner's last charge within the Terms' 30 days, once, ending the plan it paid for", async () => {
    const admin = await newUser("root@example.com");
    const ann = await newUser("refund-ann@example.com");
    const late = await newUser("refund-late@example.com");
    const never = await newUser("refund-never@example.com");
    expect((await buy(ann.cookie, "premium")).completed?.statusCode).toBe(200);
    expect((await buy(late.cookie, "basic")).completed?.statusCode).toBe(200);
    const refund = (cookie: string, id: string, payload?: object) =>
      post(cookie, `/api/admin/users/${id}/refund`, payload);
    const refundsStored = async () =>
      (await t.ctx.db.select().from(billingEvents).where(eq(billingEvents.type, "refund.issued"))).length;
    const lastCharge = (cookie: string, id: string) => get(cookie, `/api/admin/users/${id}/last-charge`);

    // What the admin's button reads: refused to anyone but an admin, a bad id, an unknown learner.
    expect(
      (await t.app.inject({ method: "GET", url: `/api/admin/users/${ann.id}/last-charge` })).statusCode,
    ).toBe(401);
    expect((await lastCharge(late.cookie, ann.id)).statusCode).toBe(403);
    const badId = await lastCharge(admin.cookie, "bad%01id");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toEqual(expect.any(String));
    expect((await lastCharge(admin.cookie, "no-such-user")).statusCode).toBe(404);
    expect((await lastCharge(admin.cookie, never.id)).json()).toEqual({
      charge: null,
      refusal: {
        message: "This learner has never been charged: there is nothing to refund.",
        code: "NO_CHARGE",
      },
    });
    const annCharge = await lastCharge(admin.cookie, ann.id);
    expect(annCharge.statusCode, annCharge.body).toBe(200);
    expect(annCharge.json()).toMatchObject({ charge: { amount: 800, currency: "gbp" }, refusal: null });

    // Refused before anything is looked at: signed out, not an admin, a bad id or body, an unknown learner.
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${ann.id}/refund`,
      headers: SAME_ORIGIN,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await refund(late.cookie, ann.id)).statusCode).toBe(403);
    for (const [id, payload] of [
      ["bad%01id", undefined],
      [ann.id, { amount: 100 }],
    ] as const) {
      const refused = await refund(admin.cookie, id, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const unknown = await refund(admin.cookie, "no-such-user");
    expect(unknown.statusCode, unknown.body).toBe(404);
    const never409 = await refund(admin.cookie, never.id);
    expect(never409.statusCode).toBe(409);
    expect(never409.json()).toEqual({
      message: "This learner has never been charged: there is nothing to refund.",
      code: "NO_CHARGE",
    });
    expect(await refundsStored()).toBe(0);
    expect((await userRow(ann.id)).subscriptionPlan).toBe("premium");

    t.clock.advance(10 * DAY_MS);
    const mailsBefore = (await mailTo(ann.email)).length;
    const refunded = await refund(admin.cookie, ann.id, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ amount: 800, currency: "gbp" });
    expect(refunded.json().message).toContain("Refunded £8.00");
    expect(refunded.json().message).toContain("within 5-10 business days");
    // The money went back, so the period is no longer paid for: Free at once, not at the period's end.
    expect(await userRow(ann.id)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: null });
    expect((await get(ann.cookie, "/api/auth/user")).json()).toMatchObject({ subscriptionPlan: "free" });
    // One e-mail says it all (the refund, its delay, the plan's end): no second "plan has ended" notice.
    await payments(t.ctx).flushSandboxEvents();
    expect((await mailTo(ann.email)).slice(mailsBefore)).toEqual(["Your Jargon refund is on its way"]);
    const [mail] = await t.ctx.db
      .select()
      .from(mailbox)
      .where(eq(mailbox.subject, "Your Jargon refund is on its way"));
    expect(mail!.text).toContain("within 5-10 business days");
    expect(mail!.text).toContain("We refunded £8.00");
    expect(mail!.text).toContain(
      "The Premium plan it paid for has ended and your account is now on the Free plan",
    );

    const again = await refund(admin.cookie, ann.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("ALREADY_REFUNDED");
    expect((await lastCharge(admin.cookie, ann.id)).json().refusal).toEqual({
      message: again.json().message,
      code: "ALREADY_REFUNDED",
    });
    expect(await refundsStored()).toBe(1);

    t.clock.advance(21 * DAY_MS); // the late learner's charge is now 31 days old
    const monthOn = await newUser(admin.email); // a fresh session a month on
    const tooLate = await refund(monthOn.cookie, late.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe("REFUND_WINDOW_PASSED");
    expect((await lastCharge(monthOn.cookie, late.id)).json()).toMatchObject({
      charge: { amount: 400, currency: "gbp" },
      refusal: { message: tooLate.json().message, code: "REFUND_WINDOW_PASSED" },
    });
    expect(tooLate.json().message).toMatch(
      /^The last charge \(£4\.00 on .+\) is more than 30 days old: the Terms allow a refund within 30 days of a charge\.$/,
    );
    expect(await refundsStored()).toBe(1);
    expect((await userRow(late.id)).subscriptionPlan).toBe("basic");
  });
});
