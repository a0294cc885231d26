import type Stripe from "stripe";

/**
 * The subset of Stripe's objects and calls Jargon uses. The real SDK satisfies it (see stripe-sdk-api.ts);
 * the built-in simulator (simulated-stripe.ts) implements it without network, which is the sandbox provider
 * and, behind an HTTP wrapper, the emulator the tests point the real SDK at.
 */
export interface SCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
}

export interface SPaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: SCard;
}

export interface SError {
  message: string;
  code?: string;
  decline_code?: string;
  type?: string;
}

export interface SSetupIntent {
  id: string;
  object: "setup_intent";
  client_secret: string;
  customer: string | null;
  status: string;
  usage: string;
  payment_method: string | SPaymentMethod | null;
  last_setup_error: SError | null;
  metadata: Record<string, string>;
}

export interface SPaymentIntent {
  id: string;
  object: "payment_intent";
  client_secret: string;
  amount: number;
  currency: string;
  customer: string | null;
  status: string;
  payment_method: string | null;
  last_payment_error: SError | null;
  metadata: Record<string, string>;
}

export interface SInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: string;
  amount_due: number;
  amount_paid: number;
  attempted: boolean;
  currency: string;
  created: number;
  billing_reason: string | null;
  parent: { type: "subscription_details"; subscription_details: { subscription: string } } | null;
  confirmation_secret: { client_secret: string; type: "payment_intent" } | null;
  status_transitions: { paid_at: number | null };
}

/** How an invoice was paid (Stripe's InvoicePayment): the PaymentIntent a refund goes back through. */
export interface SInvoicePayment {
  id: string;
  object: "invoice_payment";
  invoice: string;
  status: string;
  amount_paid: number | null;
  currency: string;
  payment: { type: "payment_intent"; payment_intent: string };
}

export interface SRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string | null;
  status: string | null;
}

export interface SPrice {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  lookup_key: string | null;
  recurring: { interval: string };
  product: string;
}

export interface SSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  created: number;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  default_payment_method: string | null;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: { id: string; price: SPrice; current_period_start: number; current_period_end: number }[];
  };
  latest_invoice: string | SInvoice | null;
}

export interface SEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: boolean;
  data: { object: { id: string; object: string; [key: string]: unknown } };
}

export interface RequestOptions {
  idempotencyKey?: string;
}

/** The Stripe calls Jargon makes, with Stripe's own parameter types. */
export interface StripeApi {
  createCustomer(params: Stripe.CustomerCreateParams, options: RequestOptions): Promise<{ id: string }>;
  createSetupIntent(params: Stripe.SetupIntentCreateParams, options: RequestOptions): Promise<SSetupIntent>;
  /** With payment_method expanded. */
  retrieveSetupIntent(id: string): Promise<SSetupIntent>;
  listPricesByLookupKeys(lookupKeys: string[]): Promise<SPrice[]>;
  createPrice(params: Stripe.PriceCreateParams, options: RequestOptions): Promise<SPrice>;
  /** With latest_invoice (and its confirmation_secret) expanded. */
  createSubscription(
    params: Stripe.SubscriptionCreateParams,
    options: RequestOptions,
  ): Promise<SSubscription>;
  retrieveSubscription(id: string): Promise<SSubscription>;
  updateSubscription(
    id: string,
    params: Stripe.SubscriptionUpdateParams,
    options: RequestOptions,
  ): Promise<SSubscription>;
  cancelSubscription(id: string, options: RequestOptions): Promise<SSubscription>;
  retrievePaymentIntent(id: string): Promise<SPaymentIntent>;
  createPortalSession(params: Stripe.BillingPortal.SessionCreateParams): Promise<{ url: string }>;
  /** Newest first. */
  listInvoices(params: Stripe.InvoiceListParams): Promise<SInvoice[]>;
  listInvoicePayments(params: Stripe.InvoicePaymentListParams): Promise<SInvoicePayment[]>;
  createRefund(params: Stripe.RefundCreateParams, options: RequestOptions): Promise<SRefund>;
}

/** The expansions every subscription read asks for. */
export const SUBSCRIPTION_EXPAND = ["latest_invoice.confirmation_secret"];

/** A Stripe error answer (from the SDK or the simulator): card errors are 402, bad requests 400, unknown ids 404. */
export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: SError,
  ) {
    super(error.message);
    this.name = "StripeApiError";
  }

  get isCardError(): boolean {
    return this.error.type === "card_error";
  }
}
