import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { SimulatedStripe, memoryStore } from "../platform/payments/simulated-stripe";
import { StripeApiError, type SEvent } from "../platform/payments/stripe-shapes";
import type { Clock } from "../platform/clock/clock";

/**
 * Just the Stripe endpoints Jargon calls, over HTTP, so tests run the real `stripe` SDK against it
 * (STRIPE_API_BASE). Behind it is the same simulated Stripe the sandbox uses, in memory. Events are held
 * until the test delivers them, signed with the SDK's test-header helper, so it can replay or reorder them.
 */
export interface StripeEmulator {
  url: string;
  simulator: SimulatedStripe;
  /** Events emitted and not yet taken by `takeEvents`. */
  takeEvents(): SEvent[];
  /** A Stripe-Signature header for a payload, as Stripe would send it (timestamp in real seconds). */
  signature(payload: string, secret: string, timestamp?: number): string;
  /** Request log: method and path of every call the SDK made. */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  close(): Promise<void>;
}

/** Decodes Stripe's form encoding (`items[0][price]=x&expand[0]=y`) into nested objects and arrays. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, rawValue] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      if (last) {
        node[segment] = coerce(path[0]!, rawValue);
      } else {
        const nextIsIndex = /^\d+$/.test(path[index + 1]!);
        node[segment] ??= nextIsIndex ? [] : {};
        node = node[segment] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const NUMERIC_FIELDS = new Set(["trial_end", "unit_amount", "limit", "amount"]);

/** A Stripe list answer (everything fits in one page here). */
const list = (url: string, data: unknown[]) => ({ object: "list", data, has_more: false, url });

function coerce(topKey: string, value: string): unknown {
  if (topKey === "metadata") return value;
  if (value === "true" || value === "false") return value === "true";
  if (NUMERIC_FIELDS.has(topKey) && /^\d+$/.test(value)) return Number(value);
  return value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startStripeEmulator(clock: Clock): Promise<StripeEmulator> {
  const pending: SEvent[] = [];
  const requests: StripeEmulator["requests"] = [];
  const simulator = new SimulatedStripe({
    store: memoryStore(),
    now: () => clock.now(),
    onEvent: (event) => pending.push(event),
    portalUrl: (customerId) => `https://billing.stripe.test/p/session/${customerId}`,
  });
  const signer = new Stripe("sk_test_emulator");

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://emulator");
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method: request.method ?? "GET", path: url.pathname, idempotencyKey });
    const options = idempotencyKey ? { idempotencyKey } : {};
    const params =
      request.method === "GET"
        ? decodeStripeForm(url.search.slice(1))
        : decodeStripeForm(await readBody(request));
    const parts = url.pathname.split("/").filter(Boolean); // ["v1", resource, id?]
    const [, resource, id] = parts;
    try {
      let result: unknown;
      const route = `${request.method} ${resource}${id ? "/:id" : ""}${parts[3] ? `/${parts[3]}` : ""}`;
      switch (route) {
        case "POST customers":
          result = await simulator.createCustomer(params as never, options);
          break;
        case "POST setup_intents":
          result = await simulator.createSetupIntent(params as never, options);
          break;
        case "GET setup_intents/:id":
          result = await simulator.retrieveSetupIntent(id!);
          break;
        case "GET prices":
          result = list(
            "/v1/prices",
            await simulator.listPricesByLookupKeys((params.lookup_keys as string[] | undefined) ?? []),
          );
          break;
        case "POST prices":
          result = await simulator.createPrice(params as never, options);
          break;
        case "POST subscriptions":
          result = await simulator.createSubscription(params as never, options);
          break;
        case "GET subscriptions/:id":
          result = await simulator.retrieveSubscription(id!);
          break;
        case "POST subscriptions/:id":
          result = await simulator.updateSubscription(id!, params as never, options);
          break;
        case "DELETE subscriptions/:id":
          result = await simulator.cancelSubscription(id!, options);
          break;
        case "GET payment_intents/:id":
          result = await simulator.retrievePaymentIntent(id!);
          break;
        case "GET invoices":
          result = list("/v1/invoices", await simulator.listInvoices(params as never));
          break;
        case "GET invoice_payments":
          result = list("/v1/invoice_payments", await simulator.listInvoicePayments(params as never));
          break;
        case "POST refunds":
          result = await simulator.createRefund(params as never, options);
          break;
        case "POST billing_portal/:id": // /v1/billing_portal/sessions
          result = await simulator.createPortalSession(params as never);
          break;
        default:
          throw new StripeApiError(404, {
            type: "invalid_request_error",
            message: `Unrecognized request URL (${route}).`,
          });
      }
      response.writeHead(200, { "content-type": "application/json", "request-id": "req_emulator" });
      response.end(JSON.stringify(result));
    } catch (error) {
      const apiError =
        error instanceof StripeApiError
          ? error
          : new StripeApiError(500, {
              type: "api_error",
              message: String((error as Error).message ?? error),
            });
      response.writeHead(apiError.statusCode, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: apiError.error }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    simulator,
    requests,
    takeEvents: () => pending.splice(0, pending.length),
    signature: (payload, secret, timestamp) =>
      signer.webhooks.generateTestHeaderString({
        payload,
        secret,
        ...(timestamp === undefined ? {} : { timestamp }),
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
