import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, SANDBOX_TEST_CARDS } from "@shared/constants";
import { billingCheckouts, billingCustomers, billingEvents, mailbox, users } from "@server/db/schema";
import { AdjustableClock } from "@server/platform/clock/clock";
import type { SEvent } from "@server/platform/payments/stripe-shapes";
import { startStripeEmulator, type StripeEmulator } from "@server/testing/stripe-emulator";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

const WEBHOOK_SECRET = "whsec_test_jargon";

/**
 * The Stripe code path end to end: the real `stripe` SDK pointed at an in-process emulator of the endpoints
 * we call, and webhooks signed with the SDK's test-header helper posted to /api/webhooks/stripe.
 */
describe("billing through Stripe (SDK against the emulator)", () => {
  let t: TestApp;
  let stripe: StripeEmulator;
  const clock = new AdjustableClock(new Date("2025-09-01T08:00:00Z"));

  beforeAll(async () => {
    stripe = await startStripeEmulator(clock);
    t = await createTestApp({
      clock,
      env: {
        ADMIN_EMAILS: "root@example.com",
        STRIPE_SECRET_KEY: "sk_test_jargon",
        STRIPE_PUBLISHABLE_KEY: "pk_test_jargon",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const post = (cookie: string, url: string, payload?: object) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { cookie, ...SAME_ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const subjects = async (email: string) =>
    (await t.ctx.db.select().from(mailbox).where(eq(mailbox.to, email))).map((m) => m.subject);
  const eventCount = async (userId: string) =>
    (await t.ctx.db.select().from(billingEvents).where(eq(billingEvents.userId, userId))).length;
  const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: 2030, cvc: "123" });

  function sendWebhook(event: SEvent, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripe.signature(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp),
      },
      payload,
    });
  }
  async function deliverAll(events = stripe.takeEvents()) {
    for (const event of events) {
      const response = await sendWebhook(event);
      expect(response.statusCode, response.body).toBe(200);
    }
    return events;
  }

  async function newUser(email: string) {
    const { user, cookie } = await t.signIn({ email });
    return { id: user.id, email, cookie };
  }

  async function checkout(
    cookie: string,
    planName: string,
    cardNumber: string = SANDBOX_TEST_CARDS.succeeds,
    choice: { interval?: "month" | "year"; currency?: "gbp" | "usd" } = {},
  ) {
    const intent = (await post(cookie, "/api/create-payment-intent", { planName, ...choice })).json();
    expect(intent.clientSecret, JSON.stringify(intent)).toMatch(/^pi_.+_secret_/);
    // What Stripe Elements does in the browser:
    await stripe.simulator.confirmWithCard(intent.clientSecret, card(cardNumber));
    return intent as { clientSecret: string; paymentIntentId: string };
  }

  it("serves the test publishable key and mode", async () => {
    const ann = await newUser("config@example.com");
    const config = await t.app.inject({
      method: "GET",
      url: "/api/stripe-config",
      headers: { cookie: ann.cookie },
    });
    expect(config.json()).toEqual({
      publishableKey: "pk_test_jargon",
      provider: "stripe",
      mode: "test",
      testMode: true,
    });
    const admin = await newUser("root@example.com");
    const live = await post(admin.cookie, "/api/admin/stripe-mode", { mode: "live" });
    expect(live.statusCode).toBe(409);
    expect((await post(admin.cookie, "/api/admin/stripe-mode", { mode: "test" })).json()).toMatchObject({
      mode: "test",
      provider: "stripe",
      testConfigured: true,
      liveConfigured: false,
    });
  });

  it("trial: SetupIntent, then a subscription with a 7-day trial that converts and charges £8", async () => {
    const ann = await newUser("stripe-trial@example.com");
    const { clientSecret, setupIntentId } = (
      await post(ann.cookie, "/api/start-trial", { trialPlan: "premium" })
    ).json();
    expect(setupIntentId).toMatch(/^seti_/);
    await stripe.simulator.confirmWithCard(clientSecret, card(SANDBOX_TEST_CARDS.succeeds));
    const confirmed = await post(ann.cookie, "/api/confirm-trial", { setupIntentId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await userRow(ann.id)).toMatchObject({
      trialStatus: "active",
      trialPlan: "premium",
      subscriptionPlan: "free",
    });
    const before = await eventCount(ann.id);
    const events = await deliverAll();
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["setup_intent.succeeded", "customer.subscription.created", "invoice.paid"]),
    );
    // Replaying every event changes nothing and is acknowledged as a duplicate.
    for (const event of events)
      expect((await sendWebhook(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await eventCount(ann.id)).toBe(before + 1); // the setup_intent audit entry only

    clock.advance(7 * DAY_MS + HOUR_MS);
    await stripe.simulator.advance();
    await deliverAll();
    expect(await userRow(ann.id)).toMatchObject({
      subscriptionPlan: "premium",
      subscriptionStatus: "active",
      trialStatus: "converted",
    });
    expect(await subjects(ann.email)).toContain("Payment receipt: Jargon Premium");
    // Every write carried our own idempotency key (not only the SDK's automatic retry key).
    const writes = stripe.requests.filter(
      (r) => r.method !== "GET" && r.path !== "/v1/billing_portal/sessions",
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes)
      expect(write.idempotencyKey, write.path).toMatch(
        /^(customer|trial|price|checkout|plan-change|cancel|reactivate|supersede|suspend)/,
      );
  });

  it("purchase: the webhook alone activates the plan; complete-subscription agrees; a double submit reuses the checkout", async () => {
    const bob = await newUser("stripe-buyer@example.com");
    const [first, second] = await Promise.all([
      post(bob.cookie, "/api/create-payment-intent", { planName: "basic" }),
      post(bob.cookie, "/api/create-payment-intent", { planName: "basic" }),
    ]);
    expect(first.json().clientSecret).toBe(second.json().clientSecret);
    const checkouts = await t.ctx.db
      .select()
      .from(billingCheckouts)
      .where(eq(billingCheckouts.userId, bob.id));
    expect(checkouts).toHaveLength(1);
    await stripe.simulator.confirmWithCard(first.json().clientSecret, card(SANDBOX_TEST_CARDS.succeeds));
    await deliverAll();
    expect(await userRow(bob.id)).toMatchObject({ subscriptionPlan: "basic", subscriptionStatus: "active" });
    const completed = await post(bob.cookie, "/api/complete-subscription", {
      setupIntentId: first.json().paymentIntentId,
    });
    expect(completed.json()).toMatchObject({ planName: "basic", amount: 400 });
    expect((await subjects(bob.email)).filter((s) => s === "Payment receipt: Jargon Basic")).toHaveLength(1);
  });

  it("a declined card answers 402 with the provider's message and changes nothing", async () => {
    const cy = await newUser("stripe-declined@example.com");
    const intent = (await post(cy.cookie, "/api/create-payment-intent", { planName: "pro" })).json();
    await expect(
      stripe.simulator.confirmWithCard(intent.clientSecret, card(SANDBOX_TEST_CARDS.declined)),
    ).rejects.toThrow("Your card was declined.");
    await deliverAll();
    const completed = await post(cy.cookie, "/api/complete-subscription", {
      setupIntentId: intent.paymentIntentId,
    });
    expect(completed.statusCode).toBe(402);
    expect(completed.json().message).toBe("Your card was declined.");
    expect((await userRow(cy.id)).subscriptionPlan).toBe("free");
  });

  it("upgrade with proration, cancel at period end, reactivate, then out-of-order end-of-period events", async () => {
    const di = await newUser("stripe-upgrade@example.com");
    await checkout(di.cookie, "basic");
    await deliverAll();
    clock.advance(10 * DAY_MS);
    const upgraded = await post(di.cookie, "/api/create-payment-intent", { planName: "pro" });
    expect(upgraded.json()).toMatchObject({ alreadyActive: true, planName: "pro" });
    await deliverAll();
    expect(await userRow(di.id)).toMatchObject({ subscriptionPlan: "pro", subscriptionStatus: "active" });

    expect((await post(di.cookie, "/api/cancel-subscription")).json().alreadyScheduled).toBe(false);
    const cancelEvents = stripe.takeEvents();
    expect((await userRow(di.id)).subscriptionStatus).toBe("pending_cancel");
    expect((await post(di.cookie, "/api/reactivate-subscription")).statusCode).toBe(200);
    const reactivateEvents = stripe.takeEvents();
    // Delivered late and reversed: the state follows Stripe's current object, not the event order.
    await deliverAll([...reactivateEvents, ...cancelEvents]);
    expect((await userRow(di.id)).subscriptionStatus).toBe("active");

    await post(di.cookie, "/api/cancel-subscription");
    const scheduled = stripe.takeEvents();
    clock.advance(25 * DAY_MS);
    await stripe.simulator.advance();
    const ended = stripe.takeEvents();
    expect(ended.map((e) => e.type)).toContain("customer.subscription.deleted");
    await deliverAll([...ended, ...scheduled]);
    expect(await userRow(di.id)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: null });
    di.cookie = (await t.signIn({ email: di.email })).cookie; // 35 days later the old session has expired
    expect((await post(di.cookie, "/api/validate-subscription")).json()).toMatchObject({
      wasDowngraded: true,
      previousPlan: "pro",
    });
  });

  it("renewal failure: past_due with a payment-failed e-mail", async () => {
    const ed = await newUser("stripe-renewal@example.com");
    await checkout(ed.cookie, "premium", SANDBOX_TEST_CARDS.failsOnRenewal);
    await deliverAll();
    expect((await userRow(ed.id)).subscriptionStatus).toBe("active");
    clock.advance(31 * DAY_MS);
    await stripe.simulator.advance();
    await deliverAll();
    expect(await userRow(ed.id)).toMatchObject({
      subscriptionPlan: "premium",
      subscriptionStatus: "past_due",
    });
    expect(await subjects(ed.email)).toContain("Your Jargon payment failed");
  });

  it("refuses forged, stale and unsigned webhooks with 400, changing nothing", async () => {
    const fi = await newUser("stripe-forged@example.com");
    await checkout(fi.cookie, "basic");
    const events = stripe.takeEvents();
    const paid = events.find((e) => e.type === "invoice.paid")!;
    expect((await sendWebhook(paid, { secret: "whsec_forged" })).statusCode).toBe(400);
    const stale = await sendWebhook(paid, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(paid),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await userRow(fi.id)).subscriptionPlan).toBe("free");
    const processed = await t.ctx.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.userId, fi.id), eq(billingEvents.type, "subscription.active")));
    expect(processed).toHaveLength(0);
    await deliverAll(events);
    expect((await userRow(fi.id)).subscriptionPlan).toBe("basic");
  });

  const customerOf = async (userId: string) =>
    (await t.ctx.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)))[0]!
      .customerId;
  /** The amounts Stripe collected from a user, smallest first, read from the emulator's invoices. */
  const paidAmounts = async (userId: string) =>
    (await stripe.simulator.portalView(await customerOf(userId))).invoices
      .filter((invoice) => invoice.status === "paid")
      .map((invoice) => invoice.amount_paid)
      .sort((a, b) => a - b);
  /** Moves one user's Stripe world to `at` and delivers what happened. */
  async function travel(userId: string, at: Date) {
    clock.set(at);
    await stripe.simulator.advance({ onlyCustomerId: await customerOf(userId) });
    await deliverAll();
  }

  it("yearly: a Stripe price with interval year charges £160 for Pro, renews a year later, cancels at the period end", async () => {
    const yu = await newUser("stripe-yearly@example.com");
    await checkout(yu.cookie, "pro", SANDBOX_TEST_CARDS.succeeds, { interval: "year" });
    await deliverAll();
    const priceCreations = stripe.requests.filter((r) => r.path === "/v1/prices" && r.method === "POST");
    expect(priceCreations.map((r) => r.idempotencyKey)).toContain("price:jargon_pro_yearly_gbp:16000");
    const [yearly] = await stripe.simulator.listPricesByLookupKeys(["jargon_pro_yearly_gbp"]);
    expect(yearly).toMatchObject({ currency: "gbp", unit_amount: 16000, recurring: { interval: "year" } });
    let row = await userRow(yu.id);
    expect(row).toMatchObject({ subscriptionPlan: "pro", billingInterval: "year", billingCurrency: "gbp" });
    const renewal = row.nextBillingDate!;
    expect(renewal.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(await paidAmounts(yu.id)).toEqual([16000]);

    await travel(yu.id, new Date(clock.now().getTime() + 31 * DAY_MS));
    expect(await paidAmounts(yu.id)).toEqual([16000]);
    await travel(yu.id, new Date(renewal.getTime() + HOUR_MS));
    expect(await paidAmounts(yu.id)).toEqual([16000, 16000]);
    row = await userRow(yu.id);
    expect(row.nextBillingDate!.getTime() - renewal.getTime()).toBeGreaterThanOrEqual(365 * DAY_MS);

    yu.cookie = (await t.signIn({ email: yu.email })).cookie;
    expect((await post(yu.cookie, "/api/cancel-subscription")).statusCode).toBe(200);
    await deliverAll();
    row = await userRow(yu.id);
    expect(row).toMatchObject({ subscriptionPlan: "pro", subscriptionStatus: "pending_cancel" });
    const endsAt = row.subscriptionEndsAt!;
    await travel(yu.id, new Date(endsAt.getTime() - DAY_MS));
    expect((await userRow(yu.id)).subscriptionPlan).toBe("pro");
    await travel(yu.id, new Date(endsAt.getTime() + HOUR_MS));
    expect(await userRow(yu.id)).toMatchObject({ subscriptionPlan: "free", billingInterval: null });
    expect(await paidAmounts(yu.id)).toEqual([16000, 16000]);
  });

  it("monthly to yearly: a new yearly period at once, charging £80 less the unused half of the £8 month", async () => {
    const mo = await newUser("stripe-switch@example.com");
    await checkout(mo.cookie, "premium");
    await deliverAll();
    const bought = (await userRow(mo.id)).nextBillingDate!;
    const periodStart = clock.now().getTime();
    const half = (bought.getTime() - periodStart) / 2;
    clock.set(new Date(periodStart + half));
    const switched = await post(mo.cookie, "/api/create-payment-intent", {
      planName: "premium",
      interval: "year",
    });
    expect(switched.json()).toMatchObject({ alreadyActive: true, interval: "year", amount: 8000 });
    await deliverAll();
    const row = await userRow(mo.id);
    expect(row).toMatchObject({ subscriptionPlan: "premium", billingInterval: "year" });
    expect(row.nextBillingDate!.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(365 * DAY_MS);
    // Exactly half the month unused: £80.00 - £4.00.
    expect(await paidAmounts(mo.id)).toEqual([800, 7600]);
  });

  it("US dollars: Pro charges $19.00, and a later pound checkout is charged in the customer's dollars", async () => {
    const us = await newUser("stripe-dollars@example.com");
    await checkout(us.cookie, "pro", SANDBOX_TEST_CARDS.succeeds, { currency: "usd" });
    await deliverAll();
    expect(await userRow(us.id)).toMatchObject({ subscriptionPlan: "pro", billingCurrency: "usd" });
    expect(await paidAmounts(us.id)).toEqual([1900]);
    const { invoices } = await stripe.simulator.portalView(await customerOf(us.id));
    expect(invoices.map((invoice) => invoice.currency)).toEqual(["usd"]);

    expect((await post(us.cookie, "/api/cancel-subscription")).statusCode).toBe(200);
    await deliverAll();
    await travel(us.id, new Date((await userRow(us.id)).subscriptionEndsAt!.getTime() + HOUR_MS));
    us.cookie = (await t.signIn({ email: us.email })).cookie;
    const again = await post(us.cookie, "/api/create-payment-intent", { planName: "basic", currency: "gbp" });
    expect(again.json()).toMatchObject({ currency: "usd", amount: 500 });
    await stripe.simulator.confirmWithCard(again.json().clientSecret, card(SANDBOX_TEST_CARDS.succeeds));
    await deliverAll();
    expect(await paidAmounts(us.id)).toEqual([500, 1900]);
    const after = await stripe.simulator.portalView(await customerOf(us.id));
    expect(after.invoices.every((invoice) => invoice.currency === "usd")).toBe(true);
  });

  it("refunds the last charge in its own currency within 30 days through the SDK, once, and ends the plan", async () => {
    const admin = await newUser("root@example.com");
    const dee = await newUser("stripe-refund@example.com");
    const late = await newUser("stripe-refund-late@example.com");
    const never = await newUser("stripe-refund-never@example.com");
    await checkout(dee.cookie, "pro", SANDBOX_TEST_CARDS.succeeds, { currency: "usd" });
    await checkout(late.cookie, "basic");
    await deliverAll();
    const refund = (cookie: string, id: string, payload?: object) =>
      post(cookie, `/api/admin/users/${id}/refund`, payload);
    const refundsStored = async () =>
      (await t.ctx.db.select().from(billingEvents).where(eq(billingEvents.type, "refund.issued"))).length;
    const before = await refundsStored();

    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${dee.id}/refund`,
      headers: SAME_ORIGIN,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await refund(late.cookie, dee.id)).statusCode).toBe(403);
    expect((await refund(admin.cookie, "bad%01id")).statusCode).toBe(400);
    expect((await refund(admin.cookie, dee.id, { amount: 1 })).statusCode).toBe(400);
    expect((await refund(admin.cookie, never.id)).json().code).toBe("NO_CHARGE");
    expect(await refundsStored()).toBe(before);

    clock.advance(3 * DAY_MS);
    const offered = await t.app.inject({
      method: "GET",
      url: `/api/admin/users/${dee.id}/last-charge`,
      headers: { cookie: admin.cookie },
    });
    expect(offered.json()).toMatchObject({ charge: { amount: 1900, currency: "usd" }, refusal: null });
    const mailsBefore = (await subjects(dee.email)).length;
    const refunded = await refund(admin.cookie, dee.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ amount: 1900, currency: "usd" });
    expect(refunded.json().message).toContain("Refunded $19.00");
    expect(refunded.json().message).toContain("within 5-10 business days");
    expect(stripe.requests.some((r) => r.method === "POST" && r.path === "/v1/refunds")).toBe(true);
    await deliverAll();
    expect(await userRow(dee.id)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: null });
    // The emulator's subscription.deleted webhook has arrived too, and still one e-mail says it all.
    expect((await subjects(dee.email)).slice(mailsBefore)).toEqual(["Your Jargon refund is on its way"]);
    const [mail] = await t.ctx.db
      .select()
      .from(mailbox)
      .where(and(eq(mailbox.to, dee.email), eq(mailbox.subject, "Your Jargon refund is on its way")));
    expect(mail!.text).toContain("We refunded $19.00");
    expect(mail!.text).toContain("within 5-10 business days");
    expect(mail!.text).toContain(
      "The Pro plan it paid for has ended and your account is now on the Free plan",
    );

    const again = await refund(admin.cookie, dee.id);
    expect({ status: again.statusCode, code: again.json().code }).toEqual({
      status: 409,
      code: "ALREADY_REFUNDED",
    });

    clock.advance(28 * DAY_MS); // the late learner's charge is now 31 days old
    const tooLate = await refund((await newUser(admin.email)).cookie, late.id);
    expect({ status: tooLate.statusCode, code: tooLate.json().code }).toEqual({
      status: 409,
      code: "REFUND_WINDOW_PASSED",
    });
    expect(await refundsStored()).toBe(before + 1);
  });
});
