import Stripe from "stripe";
import {
  SUBSCRIPTION_EXPAND,
  StripeApiError,
  type SEvent,
  type SInvoice,
  type SInvoicePayment,
  type SPaymentIntent,
  type SPrice,
  type SRefund,
  type SSetupIntent,
  type SSubscription,
  type StripeApi,
} from "./stripe-shapes";

export interface StripeClientOptions {
  secretKey: string;
  /** Another API host (stripe-mock, or the tests' emulator), e.g. http://127.0.0.1:12111. */
  apiBase?: string;
}

export function createStripeClient(options: StripeClientOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Jargon" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** Stripe errors become StripeApiError, so callers handle the SDK and the simulator alike. */
async function call<T>(run: () => Promise<unknown>): Promise<T> {
  try {
    return (await run()) as T;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode && error.statusCode < 500) {
      throw new StripeApiError(error.statusCode, {
        type:
          error.type === "StripeCardError"
            ? "card_error"
            : ((error.raw as { type?: string })?.type ?? "api_error"),
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.decline_code ? { decline_code: error.decline_code } : {}),
      });
    }
    throw error;
  }
}

/** The real Stripe API through the official SDK. */
export function sdkApi(stripe: Stripe): StripeApi {
  return {
    createCustomer: (params, options) => call(() => stripe.customers.create(params, options)),
    createSetupIntent: (params, options) =>
      call<SSetupIntent>(() => stripe.setupIntents.create(params, options)),
    retrieveSetupIntent: (id) =>
      call<SSetupIntent>(() => stripe.setupIntents.retrieve(id, { expand: ["payment_method"] })),
    listPricesByLookupKeys: async (lookupKeys) =>
      (
        await call<{ data: SPrice[] }>(() =>
          stripe.prices.list({ lookup_keys: lookupKeys, active: true, limit: 100 }),
        )
      ).data,
    createPrice: (params, options) => call<SPrice>(() => stripe.prices.create(params, options)),
    createSubscription: (params, options) =>
      call<SSubscription>(() =>
        stripe.subscriptions.create({ ...params, expand: SUBSCRIPTION_EXPAND }, options),
      ),
    retrieveSubscription: (id) =>
      call<SSubscription>(() => stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND })),
    updateSubscription: (id, params, options) =>
      call<SSubscription>(() =>
        stripe.subscriptions.update(id, { ...params, expand: SUBSCRIPTION_EXPAND }, options),
      ),
    cancelSubscription: (id, options) =>
      call<SSubscription>(() => stripe.subscriptions.cancel(id, { expand: SUBSCRIPTION_EXPAND }, options)),
    retrievePaymentIntent: (id) => call<SPaymentIntent>(() => stripe.paymentIntents.retrieve(id)),
    createPortalSession: (params) =>
      call<{ url: string }>(() => stripe.billingPortal.sessions.create(params)),
    listInvoices: async (params) =>
      (await call<{ data: SInvoice[] }>(() => stripe.invoices.list(params))).data,
    listInvoicePayments: async (params) =>
      (await call<{ data: SInvoicePayment[] }>(() => stripe.invoicePayments.list(params))).data,
    createRefund: (params, options) => call<SRefund>(() => stripe.refunds.create(params, options)),
  };
}

/** Checks a webhook's signature over its raw body; throws on a forged or stale one. */
export async function verifyStripeWebhook(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string,
  secret: string,
): Promise<SEvent> {
  return (await stripe.webhooks.constructEventAsync(rawBody, signature, secret)) as unknown as SEvent;
}
