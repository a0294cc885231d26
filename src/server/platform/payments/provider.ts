import {
  BILLING_CURRENCY,
  BILLING_INTERVALS,
  CURRENCIES,
  PLAN_NAMES,
  type BillingInterval,
  type Currency,
  type PlanName,
  type StripeMode,
} from "@shared/constants";
import { isCurrency, planPrice } from "@shared/rules/billing";
import { AppError } from "../errors/app-error";
import {
  StripeApiError,
  type SInvoice,
  type SPaymentMethod,
  type SSetupIntent,
  type SSubscription,
  type StripeApi,
} from "./stripe-shapes";

/** "sandbox", "stripe:test" or "stripe:live": which world a customer or subscription id belongs to. */
export type ProviderKey = "sandbox" | `stripe:${StripeMode}`;

export interface InvoiceInfo {
  id: string;
  status: string;
  amountDue: number;
  amountPaid: number;
  attempted: boolean;
  paidAt: Date | null;
}

export interface SubscriptionInfo {
  id: string;
  customerId: string;
  plan: PlanName | null;
  /** The price's interval and currency (issue 28: monthly or yearly, pounds or dollars). */
  interval: BillingInterval;
  currency: Currency;
  /** Stripe's status: trialing, active, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  createdAt: Date;
  latestInvoice: InvoiceInfo | null;
  /** The checkout secret of an unpaid first invoice. */
  clientSecret: string | null;
}

/** A paid invoice that took money from the card: what a refund is asked against. */
export interface ChargeInfo {
  invoiceId: string;
  amount: number;
  currency: Currency;
  paidAt: Date;
}

export interface SetupIntentInfo {
  id: string;
  clientSecret: string;
  customerId: string | null;
  status: string;
  paymentMethodId: string | null;
  cardFingerprint: string | null;
  errorMessage: string | null;
}

export interface PaymentIntentInfo {
  id: string;
  customerId: string | null;
  status: string;
  amount: number;
  errorMessage: string | null;
}

/** The one payment interface billing talks to: Stripe through its SDK, or the built-in sandbox. */
export interface PaymentProvider {
  readonly key: ProviderKey;
  readonly kind: "stripe" | "sandbox";
  readonly mode: StripeMode;
  readonly publishableKey: string;
  createCustomer(input: { userId: string; email: string }, idempotencyKey: string): Promise<string>;
  createSetupIntent(
    customerId: string,
    metadata: Record<string, string>,
    idempotencyKey: string,
  ): Promise<{ id: string; clientSecret: string }>;
  getSetupIntent(id: string): Promise<SetupIntentInfo>;
  createTrialSubscription(
    input: {
      customerId: string;
      plan: PlanName;
      paymentMethodId: string;
      trialEnd: Date;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<SubscriptionInfo>;
  /** A subscription whose first invoice waits for the card form (payment_behavior default_incomplete). */
  createCheckoutSubscription(
    input: {
      customerId: string;
      plan: PlanName;
      interval: BillingInterval;
      currency: Currency;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<{ subscription: SubscriptionInfo; clientSecret: string; paymentIntentId: string }>;
  getSubscription(id: string): Promise<SubscriptionInfo>;
  getPaymentIntent(id: string): Promise<PaymentIntentInfo>;
  /**
   * Takes effect at once, in the subscription's currency; the unused time is prorated and invoiced now (a switch to
   * yearly starts a new yearly period). A declined card changes nothing.
   */
  changePlan(
    subscriptionId: string,
    plan: PlanName,
    interval: BillingInterval,
    idempotencyKey: string,
  ): Promise<SubscriptionInfo>;
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<SubscriptionInfo>;
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionInfo>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** The customer's most recent charge (a paid invoice of more than nothing), or null. */
  lastCharge(customerId: string): Promise<ChargeInfo | null>;
  /** Returns all of an invoice's payment to the card it came from. */
  refundInvoice(
    invoiceId: string,
    idempotencyKey: string,
  ): Promise<{ id: string; amount: number; currency: Currency }>;
}

/** One Stripe price per plan, interval and currency: 'jargon_pro_monthly_gbp', 'jargon_pro_yearly_usd'. */
export const lookupKeyFor = (plan: PlanName, interval: BillingInterval, currency: Currency) =>
  `jargon_${plan}_${interval}ly_${currency}`;

const PRICE_KEYS = PLAN_NAMES.flatMap((plan) =>
  BILLING_INTERVALS.flatMap((interval) =>
    CURRENCIES.map((currency) => ({ plan, key: lookupKeyFor(plan, interval, currency) })),
  ),
);

const planFromLookupKey = (key: string | null): PlanName | null =>
  PRICE_KEYS.find((price) => price.key === key)?.plan ?? null;

const date = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));

function toInvoice(invoice: SInvoice): InvoiceInfo {
  return {
    id: invoice.id,
    status: invoice.status,
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    attempted: invoice.attempted,
    paidAt: date(invoice.status_transitions?.paid_at ?? null),
  };
}

function toSubscription(subscription: SSubscription): SubscriptionInfo {
  const item = subscription.items.data[0];
  if (!item) throw new AppError(502, "The payment provider sent a subscription without items.");
  const invoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
  return {
    id: subscription.id,
    customerId: subscription.customer,
    plan:
      planFromLookupKey(item.price.lookup_key) ??
      (subscription.metadata.plan as PlanName | undefined) ??
      null,
    interval: item.price.recurring.interval === "year" ? "year" : "month",
    currency: isCurrency(item.price.currency) ? item.price.currency : BILLING_CURRENCY,
    status: subscription.status,
    trialEnd: date(subscription.trial_end),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    createdAt: new Date(subscription.created * 1000),
    latestInvoice: invoice ? toInvoice(invoice) : null,
    clientSecret: invoice?.status === "open" ? (invoice.confirmation_secret?.client_secret ?? null) : null,
  };
}

function toSetupIntent(intent: SSetupIntent): SetupIntentInfo {
  const method =
    typeof intent.payment_method === "object" ? (intent.payment_method as SPaymentMethod | null) : null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    customerId: intent.customer,
    status: intent.status,
    paymentMethodId: typeof intent.payment_method === "string" ? intent.payment_method : (method?.id ?? null),
    cardFingerprint: method?.card?.fingerprint ?? null,
    errorMessage: intent.last_setup_error?.message ?? null,
  };
}

/** Provider errors as the client should see them: card problems are 402 with the provider's message. */
async function translated<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof StripeApiError) {
      if (error.isCardError) {
        throw new AppError(402, error.message, "CARD_DECLINED", {
          ...(error.error.decline_code ? { declineCode: error.error.decline_code } : {}),
        });
      }
      if (error.statusCode === 404) throw new AppError(404, "Payment record not found", "NOT_FOUND");
      throw new AppError(
        502,
        `The payment provider refused the request: ${error.message}`,
        "PAYMENT_PROVIDER_ERROR",
      );
    }
    throw new AppError(
      503,
      "The payment provider is unavailable. Please try again.",
      "PAYMENT_PROVIDER_UNAVAILABLE",
    );
  }
}

export interface ProviderIdentity {
  key: ProviderKey;
  kind: "stripe" | "sandbox";
  mode: StripeMode;
  publishableKey: string;
}

/**
 * Builds the provider over a Stripe-shaped API: the real SDK or the simulator. Prices are found by lookup key
 * (one per plan, interval and currency) and created when missing; a price whose amount no longer matches the plan
 * table is replaced (transfer_lookup_key), so the server's table is always what is charged.
 */
export function createPaymentProvider(identity: ProviderIdentity, api: StripeApi): PaymentProvider {
  const priceIds = new Map<string, string>();

  async function priceFor(
    plan: PlanName,
    interval: BillingInterval = "month",
    currency: Currency = BILLING_CURRENCY,
  ): Promise<string> {
    const lookupKey = lookupKeyFor(plan, interval, currency);
    const cached = priceIds.get(lookupKey);
    if (cached) return cached;
    const amount = planPrice(plan, currency, interval);
    const [existing] = await api.listPricesByLookupKeys([lookupKey]);
    const price =
      existing &&
      existing.unit_amount === amount &&
      existing.currency === currency &&
      existing.recurring.interval === interval
        ? existing
        : await api.createPrice(
            {
              currency,
              unit_amount: amount,
              recurring: { interval },
              lookup_key: lookupKey,
              transfer_lookup_key: true,
              product_data: { name: `Jargon ${plan}` },
            },
            { idempotencyKey: `price:${lookupKey}:${amount}` },
          );
    priceIds.set(lookupKey, price.id);
    return price.id;
  }

  return {
    ...identity,
    createCustomer: ({ userId, email }, idempotencyKey) =>
      translated(
        async () => (await api.createCustomer({ email, metadata: { userId } }, { idempotencyKey })).id,
      ),

    createSetupIntent: (customerId, metadata, idempotencyKey) =>
      translated(async () => {
        const intent = await api.createSetupIntent(
          { customer: customerId, usage: "off_session", metadata },
          { idempotencyKey },
        );
        return { id: intent.id, clientSecret: intent.client_secret };
      }),

    getSetupIntent: (id) => translated(async () => toSetupIntent(await api.retrieveSetupIntent(id))),

    createTrialSubscription: (input, idempotencyKey) =>
      translated(async () =>
        toSubscription(
          await api.createSubscription(
            {
              customer: input.customerId,
              items: [{ price: await priceFor(input.plan) }],
              trial_end: Math.floor(input.trialEnd.getTime() / 1000),
              default_payment_method: input.paymentMethodId,
              metadata: { ...input.metadata, plan: input.plan },
            },
            { idempotencyKey },
          ),
        ),
      ),

    createCheckoutSubscription: (input, idempotencyKey) =>
      translated(async () => {
        const subscription = toSubscription(
          await api.createSubscription(
            {
              customer: input.customerId,
              items: [{ price: await priceFor(input.plan, input.interval, input.currency) }],
              payment_behavior: "default_incomplete",
              payment_settings: { save_default_payment_method: "on_subscription" },
              metadata: { ...input.metadata, plan: input.plan },
            },
            { idempotencyKey },
          ),
        );
        if (!subscription.clientSecret) {
          throw new AppError(
            502,
            "The payment provider did not open a payment for this plan.",
            "PAYMENT_PROVIDER_ERROR",
          );
        }
        return {
          subscription,
          clientSecret: subscription.clientSecret,
          paymentIntentId: subscription.clientSecret.split("_secret_")[0]!,
        };
      }),

    getSubscription: (id) => translated(async () => toSubscription(await api.retrieveSubscription(id))),

    getPaymentIntent: (id) =>
      translated(async () => {
        const intent = await api.retrievePaymentIntent(id);
        return {
          id: intent.id,
          customerId: intent.customer,
          status: intent.status,
          amount: intent.amount,
          errorMessage: intent.last_payment_error?.message ?? null,
        };
      }),

    changePlan: (subscriptionId, plan, interval, idempotencyKey) =>
      translated(async () => {
        const current = await api.retrieveSubscription(subscriptionId);
        const item = current.items.data[0];
        if (!item) throw new AppError(502, "The payment provider sent a subscription without items.");
        const currency = isCurrency(item.price.currency) ? item.price.currency : BILLING_CURRENCY;
        return toSubscription(
          await api.updateSubscription(
            subscriptionId,
            {
              items: [{ id: item.id, price: await priceFor(plan, interval, currency) }],
              proration_behavior: "always_invoice",
              payment_behavior: "error_if_incomplete",
              cancel_at_period_end: false,
              metadata: { ...current.metadata, plan },
            },
            { idempotencyKey },
          ),
        );
      }),

    setCancelAtPeriodEnd: (subscriptionId, cancel, idempotencyKey) =>
      translated(async () =>
        toSubscription(
          await api.updateSubscription(subscriptionId, { cancel_at_period_end: cancel }, { idempotencyKey }),
        ),
      ),

    cancelNow: (subscriptionId, idempotencyKey) =>
      translated(async () =>
        toSubscription(await api.cancelSubscription(subscriptionId, { idempotencyKey })),
      ),

    portalUrl: (customerId, returnUrl) =>
      translated(
        async () => (await api.createPortalSession({ customer: customerId, return_url: returnUrl })).url,
      ),

    lastCharge: (customerId) =>
      translated(async () => {
        const paid = await api.listInvoices({ customer: customerId, status: "paid", limit: 10 });
        const charged = paid.find((invoice) => invoice.amount_paid > 0);
        if (!charged) return null;
        return {
          invoiceId: charged.id,
          amount: charged.amount_paid,
          currency: isCurrency(charged.currency) ? charged.currency : BILLING_CURRENCY,
          paidAt: date(charged.status_transitions.paid_at ?? charged.created)!,
        };
      }),

    refundInvoice: (invoiceId, idempotencyKey) =>
      translated(async () => {
        const payments = await api.listInvoicePayments({ invoice: invoiceId, status: "paid" });
        const paymentIntent = payments.find((payment) => payment.payment.payment_intent)?.payment
          .payment_intent;
        if (!paymentIntent) {
          throw new AppError(409, "This charge has no card payment to refund.", "NOTHING_TO_REFUND");
        }
        const refund = await api.createRefund({ payment_intent: paymentIntent }, { idempotencyKey });
        return {
          id: refund.id,
          amount: refund.amount,
          currency: isCurrency(refund.currency) ? refund.currency : BILLING_CURRENCY,
        };
      }),
  };
}
