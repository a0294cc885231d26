import { randomBytes } from "node:crypto";
import { addMonths } from "date-fns";
import type Stripe from "stripe";
import { OFF_SESSION_DECLINE, judgeCard, type CardInput } from "./test-cards";
import {
  StripeApiError,
  type RequestOptions,
  type SCard,
  type SEvent,
  type SInvoice,
  type SInvoicePayment,
  type SPaymentIntent,
  type SPaymentMethod,
  type SPrice,
  type SRefund,
  type SSetupIntent,
  type SSubscription,
  type StripeApi,
} from "./stripe-shapes";

/** Where the simulator keeps its objects: memory (the tests' emulator) or the database (the sandbox). */
export interface SimulatorStore {
  get<T>(id: string): Promise<T | undefined>;
  put(object: { id: string; object: string }): Promise<void>;
  list<T>(type: string): Promise<T[]>;
}

export function memoryStore(): SimulatorStore {
  const objects = new Map<string, { id: string; object: string }>();
  return {
    get: async <T>(id: string) => structuredClone(objects.get(id)) as T | undefined,
    put: async (object) => void objects.set(object.id, structuredClone(object)),
    list: async <T>(type: string) =>
      [...objects.values()].filter((object) => object.object === type).map((o) => structuredClone(o) as T),
  };
}

interface SimCustomer {
  id: string;
  object: "customer";
  email: string | null;
  metadata: Record<string, string>;
  /** Negative is credit (Stripe's convention), applied to the next invoice. */
  balance: number;
  invoice_settings: { default_payment_method: string | null };
}

/** A payment method plus what the simulator needs to know about its card. */
type SimPaymentMethod = SPaymentMethod & { sim_fails_off_session: boolean };
type SimSubscription = SSubscription & {
  latest_invoice: string | null;
  payment_settings: { save_default_payment_method: string | null };
};

export interface SimulatedStripeOptions {
  store: SimulatorStore;
  now: () => Date;
  /** Receives every event, as Stripe would post it to the webhook endpoint. */
  onEvent: (event: SEvent) => void;
  /** Where the customer portal lives (the sandbox's own page, or a fake Stripe URL in tests). */
  portalUrl: (customerId: string, returnUrl: string) => string;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const fromUnix = (seconds: number) => new Date(seconds * 1000);
const newId = (prefix: string) => `${prefix}_sim${randomBytes(9).toString("hex")}`;
const secretFor = (id: string) => `${id}_secret_${randomBytes(12).toString("hex")}`;

const notFound = (kind: string, id: string) =>
  new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
  });
const invalid = (message: string) => new StripeApiError(400, { type: "invalid_request_error", message });

/**
 * A small Stripe: customers, SetupIntents, PaymentIntents, subscriptions with trials, monthly and yearly renewals,
 * proration and cancel-at-period-end, invoices and their payments, refunds, and the webhook events for each change. Time is whatever
 * `now()` says, and nothing happens until `advance()` is called, so tests (and the sandbox's sweep) drive it.
 * Calls are serialized, and a repeated idempotency key returns the first answer, as Stripe does.
 */
export class SimulatedStripe implements StripeApi {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SimulatedStripeOptions) {}

  private serialized<T>(idempotencyKey: string | undefined, run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      const recordId = idempotencyKey ? `idem_${idempotencyKey}` : undefined;
      if (recordId) {
        const previous = await this.options.store.get<{ response: T }>(recordId);
        if (previous) return previous.response;
      }
      const response = await run();
      if (recordId) await this.options.store.put({ id: recordId, object: "idempotency", response } as never);
      return response;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async load<T>(kind: string, id: string): Promise<T> {
    const found = await this.options.store.get<T & { object: string }>(id);
    if (!found || found.object !== kind) throw notFound(kind, id);
    return found;
  }

  private emit(type: string, object: { id: string; object: string }): void {
    this.options.onEvent({
      id: newId("evt"),
      object: "event",
      type,
      created: unix(this.options.now()),
      livemode: false,
      data: { object: structuredClone(object) as SEvent["data"]["object"] },
    });
  }

  // ---- Stripe API -------------------------------------------------------------------------------------------

  createCustomer(params: Stripe.CustomerCreateParams, options: RequestOptions) {
    return this.serialized(options.idempotencyKey, async () => {
      const customer: SimCustomer = {
        id: newId("cus"),
        object: "customer",
        email: params.email ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        balance: 0,
        invoice_settings: { default_payment_method: null },
      };
      await this.options.store.put(customer);
      return { id: customer.id };
    });
  }

  createSetupIntent(params: Stripe.SetupIntentCreateParams, options: RequestOptions) {
    return this.serialized(options.idempotencyKey, async () => {
      if (params.customer) await this.load<SimCustomer>("customer", params.customer);
      const id = newId("seti");
      const intent: SSetupIntent = {
        id,
        object: "setup_intent",
        client_secret: secretFor(id),
        customer: params.customer ?? null,
        status: "requires_payment_method",
        usage: params.usage ?? "off_session",
        payment_method: null,
        last_setup_error: null,
        metadata: (params.metadata as Record<string, string>) ?? {},
      };
      await this.options.store.put(intent);
      return intent;
    });
  }

  retrieveSetupIntent(id: string) {
    return this.serialized(undefined, async () => {
      const intent = await this.load<SSetupIntent>("setup_intent", id);
      if (typeof intent.payment_method === "string") {
        intent.payment_method = publicPaymentMethod(
          await this.load<SimPaymentMethod>("payment_method", intent.payment_method),
        );
      }
      return intent;
    });
  }

  listPricesByLookupKeys(lookupKeys: string[]) {
    return this.serialized(undefined, async () =>
      (await this.options.store.list<SPrice>("price")).filter(
        (price) => price.active && price.lookup_key !== null && lookupKeys.includes(price.lookup_key),
      ),
    );
  }

  createPrice(params: Stripe.PriceCreateParams, options: RequestOptions) {
    return this.serialized(options.idempotencyKey, async () => {
      if (params.unit_amount === undefined || !params.recurring)
        throw invalid("unit_amount and recurring are required");
      if (params.lookup_key && params.transfer_lookup_key) {
        for (const old of await this.options.store.list<SPrice>("price")) {
          if (old.lookup_key === params.lookup_key)
            await this.options.store.put({ ...old, lookup_key: null } as SPrice);
        }
      }
      const price: SPrice = {
        id: newId("price"),
        object: "price",
        active: true,
        currency: params.currency,
        unit_amount: params.unit_amount,
        lookup_key: params.lookup_key ?? null,
        recurring: { interval: params.recurring.interval },
        product: newId("prod"),
      };
      await this.options.store.put(price);
      return price;
    });
  }

  createSubscription(params: Stripe.SubscriptionCreateParams, options: RequestOptions) {
    return this.serialized(options.idempotencyKey, async () => {
      if (!params.customer) throw invalid("customer is required");
      const customer = await this.load<SimCustomer>("customer", params.customer);
      const priceId = params.items?.[0]?.price;
      if (!priceId) throw invalid("items[0][price] is required");
      const price = await this.load<SPrice>("price", priceId);
      const now = this.options.now();
      const trialEnd = typeof params.trial_end === "number" ? params.trial_end : null;
      const id = newId("sub");
      const subscription: SimSubscription = {
        id,
        object: "subscription",
        customer: customer.id,
        status: trialEnd ? "trialing" : "incomplete",
        created: unix(now),
        trial_end: trialEnd,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        default_payment_method: params.default_payment_method ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              price,
              current_period_start: unix(now),
              current_period_end: trialEnd ?? unix(periodEndFrom(now, price)),
            },
          ],
        },
        latest_invoice: null,
        payment_settings: {
          save_default_payment_method: params.payment_settings?.save_default_payment_method ?? null,
        },
      };
      if (trialEnd) {
        const invoice = await this.createInvoice(subscription, 0, "subscription_create");
        invoice.status = "paid";
        invoice.status_transitions.paid_at = unix(now);
        await this.options.store.put(invoice);
        subscription.latest_invoice = invoice.id;
        await this.options.store.put(subscription);
        this.emit("customer.subscription.created", subscription);
        this.emit("invoice.paid", invoice);
      } else {
        if (params.payment_behavior !== "default_incomplete") {
          throw invalid(
            "The simulator supports only payment_behavior=default_incomplete for paid subscriptions",
          );
        }
        const invoice = await this.createInvoice(subscription, price.unit_amount, "subscription_create");
        const intent = await this.createPaymentIntent(
          customer.id,
          invoice.amount_due,
          invoice.currency,
          invoice.id,
        );
        invoice.confirmation_secret = { client_secret: intent.client_secret, type: "payment_intent" };
        await this.options.store.put(invoice);
        subscription.latest_invoice = invoice.id;
        await this.options.store.put(subscription);
        this.emit("customer.subscription.created", subscription);
      }
      return this.expanded(subscription);
    });
  }

  retrieveSubscription(id: string) {
    return this.serialized(undefined, async () =>
      this.expanded(await this.load<SimSubscription>("subscription", id)),
    );
  }

  updateSubscription(id: string, params: Stripe.SubscriptionUpdateParams, options: RequestOptions) {
    return this.serialized(options.idempotencyKey, async () => {
      const subscription = await this.load<SimSubscription>("subscription", id);
      if (["canceled", "incomplete_expired"].includes(subscription.status)) {
        throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
      }
      const newPriceId = params.items?.[0]?.price;
      if (newPriceId) await this.changePrice(subscription, await this.load<SPrice>("price", newPriceId));
      if (params.default_payment_method) {
        await this.load<SimPaymentMethod>("payment_method", params.default_payment_method);
        subscription.default_payment_method = params.default_payment_method;
      }
      if (typeof params.cancel_at_period_end === "boolean") {
        subscription.cancel_at_period_end = params.cancel_at_period_end;
        subscription.canceled_at = params.cancel_at_period_end ? unix(this.options.now()) : null;
      }
      await this.options.store.put(subscription);
      this.emit("customer.subscription.updated", subscription);
      return this.expanded(subscription);
    });
  }

  cancelSubscription(id: string, options: RequestOptions) {
    return this.serialized(options.idempotencyKey, async () => {
      const subscription = await this.load<SimSubscription>("subscription", id);
      if (subscription.status !== "canceled") {
        await this.endSubscription(subscription, this.options.now());
      }
      return this.expanded(subscription);
    });
  }

  retrievePaymentIntent(id: string) {
    return this.serialized(undefined, () => this.load<SPaymentIntent>("payment_intent", id));
  }

  createPortalSession(params: Stripe.BillingPortal.SessionCreateParams) {
    return this.serialized(undefined, async () => {
      const customer = await this.load<SimCustomer>("customer", params.customer ?? "");
      return { url: this.options.portalUrl(customer.id, params.return_url ?? "") };
    });
  }

  listInvoices(params: Stripe.InvoiceListParams) {
    return this.serialized(undefined, async () =>
      (await this.options.store.list<SInvoice>("invoice"))
        .filter(
          (invoice) =>
            (!params.customer || invoice.customer === params.customer) &&
            (!params.status || invoice.status === params.status),
        )
        .sort((a, b) => b.created - a.created)
        .slice(0, params.limit ?? 10),
    );
  }

  listInvoicePayments(params: Stripe.InvoicePaymentListParams) {
    return this.serialized(undefined, async () =>
      (await this.options.store.list<SInvoicePayment>("invoice_payment")).filter(
        (payment) =>
          (!params.invoice || payment.invoice === params.invoice) &&
          (!params.status || payment.status === params.status),
      ),
    );
  }

  /** Refunds a PaymentIntent's charge (all of what is left, or `amount`); more than was paid is refused. */
  createRefund(params: Stripe.RefundCreateParams, options: RequestOptions) {
    return this.serialized(options.idempotencyKey, async () => {
      if (!params.payment_intent) throw invalid("payment_intent is required");
      const intent = await this.load<SPaymentIntent>("payment_intent", params.payment_intent);
      if (intent.status !== "succeeded") {
        throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
      }
      const refunded = (await this.options.store.list<SRefund>("refund"))
        .filter((refund) => refund.payment_intent === intent.id)
        .reduce((sum, refund) => sum + refund.amount, 0);
      const amount = params.amount ?? intent.amount - refunded;
      if (amount <= 0 || refunded + amount > intent.amount) {
        throw new StripeApiError(400, {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: `Charge for ${intent.id} has already been refunded.`,
        });
      }
      const refund: SRefund = {
        id: newId("re"),
        object: "refund",
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: "succeeded",
      };
      await this.options.store.put(refund);
      this.emit("refund.created", refund);
      return refund;
    });
  }

  // ---- What Stripe.js and the customer portal do in the browser ----------------------------------------------

  /** Confirms a SetupIntent or PaymentIntent by its client secret with a card, as Stripe.js would. */
  confirmWithCard(clientSecret: string, card: CardInput): Promise<SSetupIntent | SPaymentIntent> {
    return this.serialized(undefined, async () => {
      const id = clientSecret.split("_secret_")[0] ?? "";
      const intent = await this.options.store.get<SSetupIntent | SPaymentIntent>(id);
      if (!intent || intent.client_secret !== clientSecret) {
        throw invalid("The client_secret provided does not match any associated intent.");
      }
      if (intent.status === "succeeded") return intent;
      const verdict = judgeCard(card, this.options.now());
      if (!verdict.ok) {
        if (intent.object === "setup_intent") {
          intent.last_setup_error = verdict.error;
          await this.options.store.put(intent);
          this.emit("setup_intent.setup_failed", intent);
        } else {
          intent.last_payment_error = verdict.error;
          await this.options.store.put(intent);
          this.emit("payment_intent.payment_failed", intent);
          await this.recordFailedInvoice(intent.metadata.invoice);
        }
        throw new StripeApiError(402, verdict.error);
      }
      const method: SimPaymentMethod = {
        id: newId("pm"),
        object: "payment_method",
        type: "card",
        customer: intent.customer,
        card: {
          brand: verdict.brand,
          last4: verdict.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
          fingerprint: verdict.fingerprint,
        },
        sim_fails_off_session: verdict.failsOffSession,
      };
      await this.options.store.put(method);
      intent.status = "succeeded";
      intent.payment_method = method.id;
      await this.options.store.put(intent);
      if (intent.object === "setup_intent") {
        this.emit("setup_intent.succeeded", intent);
      } else {
        this.emit("payment_intent.succeeded", intent);
        if (intent.metadata.invoice)
          await this.markInvoicePaid(intent.metadata.invoice, method.id, intent.id);
      }
      return intent;
    });
  }

  /** The portal's "update card": the new card becomes the default, and open invoices are retried with it. */
  updateDefaultCard(customerId: string, card: CardInput): Promise<SCard> {
    return this.serialized(undefined, async () => {
      const customer = await this.load<SimCustomer>("customer", customerId);
      const verdict = judgeCard(card, this.options.now());
      if (!verdict.ok) throw new StripeApiError(402, verdict.error);
      const method: SimPaymentMethod = {
        id: newId("pm"),
        object: "payment_method",
        type: "card",
        customer: customer.id,
        card: {
          brand: verdict.brand,
          last4: verdict.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
          fingerprint: verdict.fingerprint,
        },
        sim_fails_off_session: verdict.failsOffSession,
      };
      await this.options.store.put(method);
      customer.invoice_settings.default_payment_method = method.id;
      await this.options.store.put(customer);
      for (const subscription of await this.subscriptionsOf(customer.id)) {
        if (["canceled", "incomplete_expired", "incomplete"].includes(subscription.status)) continue;
        subscription.default_payment_method = method.id;
        await this.options.store.put(subscription);
        this.emit("customer.subscription.updated", subscription);
        const invoice = subscription.latest_invoice
          ? await this.options.store.get<SInvoice>(subscription.latest_invoice)
          : undefined;
        if (invoice?.status === "open") await this.chargeInvoice(subscription, invoice);
      }
      return method.card;
    });
  }

  /** The portal's view: the default card, the subscriptions and the invoices of a customer. */
  portalView(customerId: string) {
    return this.serialized(undefined, async () => {
      const customer = await this.load<SimCustomer>("customer", customerId);
      const subscriptions = await this.subscriptionsOf(customerId);
      const live = subscriptions.filter(
        (s) => !["canceled", "incomplete_expired", "incomplete"].includes(s.status),
      );
      const current = live.sort((a, b) => b.created - a.created)[0] ?? null;
      const methodId = current?.default_payment_method ?? customer.invoice_settings.default_payment_method;
      const method = methodId ? await this.options.store.get<SimPaymentMethod>(methodId) : undefined;
      const invoices = (await this.options.store.list<SInvoice>("invoice"))
        .filter((invoice) => invoice.customer === customerId && invoice.amount_due > 0)
        .sort((a, b) => b.created - a.created);
      return {
        card: method?.card ?? null,
        subscription: current ? await this.expanded(current) : null,
        invoices,
      };
    });
  }

  /**
   * Moves the simulated world to `now`: trials end, periods renew (charging the card) or end. With
   * `onlyCustomerId`, only that customer's subscriptions move (the tests' per-user time travel).
   */
  advance(options: { onlyCustomerId?: string } = {}): Promise<void> {
    return this.serialized(undefined, async () => {
      const now = this.options.now();
      for (const subscription of await this.options.store.list<SimSubscription>("subscription")) {
        if (options.onlyCustomerId !== undefined && subscription.customer !== options.onlyCustomerId)
          continue;
        for (let cycles = 0; cycles < 24; cycles += 1) {
          const item = subscription.items.data[0]!;
          if (!["trialing", "active", "past_due"].includes(subscription.status)) break;
          if (fromUnix(item.current_period_end) > now) break;
          if (subscription.cancel_at_period_end) {
            await this.endSubscription(subscription, fromUnix(item.current_period_end));
            break;
          }
          await this.renew(subscription);
        }
        if (subscription.status === "incomplete" && fromUnix(subscription.created + 23 * 3600) <= now) {
          subscription.status = "incomplete_expired";
          await this.options.store.put(subscription);
          this.emit("customer.subscription.updated", subscription);
        }
      }
    });
  }

  // ---- Internals ----------------------------------------------------------------------------------------------

  private async subscriptionsOf(customerId: string): Promise<SimSubscription[]> {
    return (await this.options.store.list<SimSubscription>("subscription")).filter(
      (s) => s.customer === customerId,
    );
  }

  private async expanded(subscription: SimSubscription): Promise<SSubscription> {
    const copy: SSubscription = structuredClone(subscription);
    if (subscription.latest_invoice)
      copy.latest_invoice = await this.load<SInvoice>("invoice", subscription.latest_invoice);
    delete (copy as Partial<SimSubscription>).payment_settings;
    return copy;
  }

  private async createInvoice(
    subscription: SimSubscription,
    amount: number,
    reason: string,
  ): Promise<SInvoice> {
    const customer = await this.load<SimCustomer>("customer", subscription.customer);
    let due = amount;
    if (amount > 0 && customer.balance < 0) {
      const credit = Math.min(-customer.balance, amount);
      due -= credit;
      customer.balance += credit;
      await this.options.store.put(customer);
    }
    const invoice: SInvoice = {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      status: "open",
      amount_due: due,
      amount_paid: 0,
      attempted: false,
      currency: subscription.items.data[0]!.price.currency,
      created: unix(this.options.now()),
      billing_reason: reason,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      confirmation_secret: null,
      status_transitions: { paid_at: null },
    };
    await this.options.store.put(invoice);
    return invoice;
  }

  private async createPaymentIntent(
    customerId: string,
    amount: number,
    currency: string,
    invoiceId: string,
  ): Promise<SPaymentIntent> {
    const id = newId("pi");
    const intent: SPaymentIntent = {
      id,
      object: "payment_intent",
      client_secret: secretFor(id),
      amount,
      currency,
      customer: customerId,
      status: "requires_payment_method",
      payment_method: null,
      last_payment_error: null,
      metadata: { invoice: invoiceId },
    };
    await this.options.store.put(intent);
    return intent;
  }

  private async defaultMethodOf(subscription: SimSubscription): Promise<SimPaymentMethod | undefined> {
    const customer = await this.load<SimCustomer>("customer", subscription.customer);
    const id = subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
    return id ? this.options.store.get<SimPaymentMethod>(id) : undefined;
  }

  /** An off-session charge of an open invoice with the subscription's card; moves the subscription accordingly. */
  private async chargeInvoice(subscription: SimSubscription, invoice: SInvoice): Promise<boolean> {
    const method = await this.defaultMethodOf(subscription);
    invoice.attempted = true;
    if (invoice.amount_due === 0 || (method && !method.sim_fails_off_session)) {
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.status_transitions.paid_at = unix(this.options.now());
      await this.options.store.put(invoice);
      await this.recordInvoicePayment(invoice);
      subscription.status = "active";
      await this.options.store.put(subscription);
      this.emit("invoice.paid", invoice);
      this.emit("customer.subscription.updated", subscription);
      return true;
    }
    await this.options.store.put(invoice);
    subscription.status = "past_due";
    await this.options.store.put(subscription);
    this.emit("invoice.payment_failed", invoice);
    this.emit("customer.subscription.updated", subscription);
    return false;
  }

  private async renew(subscription: SimSubscription): Promise<void> {
    const item = subscription.items.data[0]!;
    const start = fromUnix(item.current_period_end);
    item.current_period_start = unix(start);
    item.current_period_end = unix(periodEndFrom(start, item.price));
    const invoice = await this.createInvoice(subscription, item.price.unit_amount, "subscription_cycle");
    subscription.latest_invoice = invoice.id;
    await this.chargeInvoice(subscription, invoice);
  }

  private async endSubscription(subscription: SimSubscription, at: Date): Promise<void> {
    subscription.status = "canceled";
    subscription.ended_at = unix(at);
    subscription.canceled_at ??= unix(this.options.now());
    await this.options.store.put(subscription);
    this.emit("customer.subscription.deleted", subscription);
  }

  /**
   * A plan change takes effect at once; the unused time is prorated and invoiced now (Stripe's always_invoice). A
   * change of interval (monthly to yearly) resets the billing cycle as Stripe does: a new period starts now, the new
   * price is charged in full less the unused part of the old one.
   */
  private async changePrice(subscription: SimSubscription, price: SPrice): Promise<void> {
    const item = subscription.items.data[0]!;
    const old = item.price;
    const oldPeriod = { start: item.current_period_start, end: item.current_period_end };
    item.price = price;
    if (subscription.status === "trialing") return;
    const now = unix(this.options.now());
    const remaining =
      Math.max(0, item.current_period_end - now) / (item.current_period_end - item.current_period_start);
    const newCycle = old.recurring.interval !== price.recurring.interval;
    if (newCycle) {
      item.current_period_start = now;
      item.current_period_end = unix(periodEndFrom(this.options.now(), price));
    }
    const proration = newCycle
      ? price.unit_amount - Math.round(old.unit_amount * remaining)
      : Math.round((price.unit_amount - old.unit_amount) * remaining);
    if (proration < 0) {
      const customer = await this.load<SimCustomer>("customer", subscription.customer);
      customer.balance += proration;
      await this.options.store.put(customer);
      return;
    }
    if (proration === 0) return;
    const method = await this.defaultMethodOf(subscription);
    if (!method || method.sim_fails_off_session) {
      item.price = old;
      item.current_period_start = oldPeriod.start;
      item.current_period_end = oldPeriod.end;
      throw new StripeApiError(402, OFF_SESSION_DECLINE);
    }
    const invoice = await this.createInvoice(subscription, proration, "subscription_update");
    invoice.status = "paid";
    invoice.attempted = true;
    invoice.amount_paid = invoice.amount_due;
    invoice.status_transitions.paid_at = now;
    await this.options.store.put(invoice);
    await this.recordInvoicePayment(invoice);
    subscription.latest_invoice = invoice.id;
    this.emit("invoice.paid", invoice);
  }

  /** Stripe pays an invoice through a PaymentIntent (one of its own off-session); a refund finds it from here. */
  private async recordInvoicePayment(invoice: SInvoice, intentId?: string): Promise<void> {
    if (invoice.amount_paid === 0) return;
    let paymentIntent = intentId;
    if (!paymentIntent) {
      const intent = await this.createPaymentIntent(
        invoice.customer,
        invoice.amount_paid,
        invoice.currency,
        invoice.id,
      );
      intent.status = "succeeded";
      await this.options.store.put(intent);
      paymentIntent = intent.id;
    }
    const payment: SInvoicePayment = {
      id: newId("inpay"),
      object: "invoice_payment",
      invoice: invoice.id,
      status: "paid",
      amount_paid: invoice.amount_paid,
      currency: invoice.currency,
      payment: { type: "payment_intent", payment_intent: paymentIntent },
    };
    await this.options.store.put(payment);
  }

  private async recordFailedInvoice(invoiceId: string | undefined): Promise<void> {
    if (!invoiceId) return;
    const invoice = await this.options.store.get<SInvoice>(invoiceId);
    if (!invoice) return;
    invoice.attempted = true;
    await this.options.store.put(invoice);
    this.emit("invoice.payment_failed", invoice);
  }

  private async markInvoicePaid(invoiceId: string, methodId: string, intentId: string): Promise<void> {
    const invoice = await this.load<SInvoice>("invoice", invoiceId);
    invoice.status = "paid";
    invoice.attempted = true;
    invoice.amount_paid = invoice.amount_due;
    invoice.status_transitions.paid_at = unix(this.options.now());
    await this.options.store.put(invoice);
    await this.recordInvoicePayment(invoice, intentId);
    const subscriptionId = invoice.parent?.subscription_details.subscription;
    const subscription = subscriptionId
      ? await this.options.store.get<SimSubscription>(subscriptionId)
      : undefined;
    this.emit("invoice.paid", invoice);
    if (!subscription) return;
    if (subscription.payment_settings.save_default_payment_method === "on_subscription") {
      subscription.default_payment_method = methodId;
    }
    if (["incomplete", "past_due"].includes(subscription.status)) subscription.status = "active";
    await this.options.store.put(subscription);
    this.emit("customer.subscription.updated", subscription);
  }
}

/** The end of a period of `price` starting at `start`: a month, or twelve for a yearly price. */
const periodEndFrom = (start: Date, price: SPrice) =>
  addMonths(start, price.recurring.interval === "year" ? 12 : 1);

function publicPaymentMethod(method: SimPaymentMethod): SPaymentMethod {
  const { sim_fails_off_session: _hidden, ...visible } = method;
  return visible;
}
