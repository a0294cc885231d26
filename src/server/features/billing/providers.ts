import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { StripeMode } from "@shared/constants";
import type { StripeKeys } from "@server/config";
import type { AppContext } from "@server/context";
import { billingSettings } from "@server/db/schema";
import { AppError } from "@server/platform/errors/app-error";
import {
  createPaymentProvider,
  type PaymentProvider,
  type ProviderKey,
} from "@server/platform/payments/provider";
import { SimulatedStripe } from "@server/platform/payments/simulated-stripe";
import { databaseStore } from "@server/platform/payments/simulator-db-store";
import { createStripeClient, sdkApi } from "@server/platform/payments/stripe-sdk-api";
import type { SEvent } from "@server/platform/payments/stripe-shapes";

/** Shown by the client instead of loading Stripe.js: the sandbox renders its own card form. */
export const SANDBOX_PUBLISHABLE_KEY = "pk_test_sandbox";
export const SANDBOX_PORTAL_PATH = "/sandbox/portal";

export interface Payments {
  /** The provider new checkouts and trials use: Stripe in the admin's mode when keys are set, else the sandbox. */
  current(): Promise<PaymentProvider>;
  /** The provider an existing customer or subscription belongs to. */
  byKey(key: string): PaymentProvider;
  stripeClient(mode: StripeMode): Stripe | undefined;
  sandbox(): SimulatedStripe;
  /** Waits until every sandbox event emitted so far has been handled (tests, and the sweep). */
  flushSandboxEvents(): Promise<void>;
}

const registries = new WeakMap<AppContext, Payments>();
/** The handler installed for a configuration: a context derived from an installed one (`{ ...ctx, clock }`, time
 * travel in the billing sweep) gets providers of its own, on its own clock, with the same handler. */
const handlers = new WeakMap<AppContext["config"], ProviderEventHandler>();

export type ProviderEventHandler = (
  ctx: AppContext,
  provider: PaymentProvider,
  event: SEvent,
) => Promise<unknown>;

/**
 * Sets up ctx's payment providers; bootstrap.ts calls it once per context. Sandbox events reach `handleEvent`, the
 * same handler as Stripe's webhooks (`handleProviderEvent` in webhooks.ts). That handler needs this registry (through
 * sync.ts), so it is handed in rather than imported: importing it here would close a circle.
 */
export function installPayments(ctx: AppContext, handleEvent: ProviderEventHandler): void {
  handlers.set(ctx.config, handleEvent);
  registries.set(ctx, createRegistry(ctx, handleEvent));
}

export function stripeConfigured(ctx: AppContext): boolean {
  return Boolean(ctx.config.stripe.test || ctx.config.stripe.live);
}

export function stripeKeysFor(ctx: AppContext, mode: StripeMode): StripeKeys | undefined {
  return ctx.config.stripe[mode];
}

/** The admin's stored choice, falling back to whichever pair is configured (test first). */
export async function storedStripeMode(ctx: AppContext): Promise<StripeMode> {
  const [row] = await ctx.db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  const stored = row?.stripeMode === "live" ? "live" : row?.stripeMode === "test" ? "test" : undefined;
  if (stored && stripeKeysFor(ctx, stored)) return stored;
  return ctx.config.stripe.test ? "test" : ctx.config.stripe.live ? "live" : "test";
}

export function payments(ctx: AppContext): Payments {
  let registry = registries.get(ctx);
  if (!registry) {
    const handleEvent = handlers.get(ctx.config);
    if (!handleEvent)
      throw new Error("no payment providers for this context: createContext (bootstrap.ts) installs them");
    registry = createRegistry(ctx, handleEvent);
    registries.set(ctx, registry);
  }
  return registry;
}

function createRegistry(ctx: AppContext, handleEvent: ProviderEventHandler): Payments {
  const clients = new Map<StripeMode, Stripe>();
  const providers = new Map<string, PaymentProvider>();
  let simulator: SimulatedStripe | undefined;
  const pending: SEvent[] = [];
  let draining: Promise<void> | undefined;

  function stripeClient(mode: StripeMode): Stripe | undefined {
    const keys = stripeKeysFor(ctx, mode);
    if (!keys) return undefined;
    let client = clients.get(mode);
    if (!client) {
      client = createStripeClient({ secretKey: keys.secretKey, apiBase: ctx.config.stripe.apiBase });
      clients.set(mode, client);
    }
    return client;
  }

  // Sandbox events reach the same handler as Stripe's webhooks, after the call that caused them returns.
  function drain(): Promise<void> {
    draining ??= (async () => {
      while (pending.length > 0) {
        const event = pending.shift()!;
        try {
          await handleEvent(ctx, byKey("sandbox"), event);
        } catch (error) {
          ctx.log.error({ err: error, eventId: event.id, type: event.type }, "sandbox event handling failed");
        }
      }
    })().finally(() => {
      draining = undefined;
    });
    return draining;
  }

  function sandbox(): SimulatedStripe {
    simulator ??= new SimulatedStripe({
      store: databaseStore(ctx.db),
      now: () => ctx.clock.now(),
      onEvent: (event) => {
        pending.push(event);
        setImmediate(() => void drain());
      },
      portalUrl: () => `${ctx.config.appUrl}${SANDBOX_PORTAL_PATH}`,
    });
    return simulator;
  }

  function byKey(key: string): PaymentProvider {
    const known = providers.get(key);
    if (known) return known;
    let provider: PaymentProvider;
    if (key === "sandbox") {
      provider = createPaymentProvider(
        { key: "sandbox", kind: "sandbox", mode: "test", publishableKey: SANDBOX_PUBLISHABLE_KEY },
        sandbox(),
      );
    } else if (key === "stripe:test" || key === "stripe:live") {
      const mode: StripeMode = key === "stripe:live" ? "live" : "test";
      const client = stripeClient(mode);
      if (!client) {
        throw new AppError(
          503,
          `Stripe ${mode} mode is not configured on this server.`,
          "PAYMENT_PROVIDER_UNAVAILABLE",
        );
      }
      provider = createPaymentProvider(
        {
          key: key as ProviderKey,
          kind: "stripe",
          mode,
          publishableKey: stripeKeysFor(ctx, mode)!.publishableKey,
        },
        sdkApi(client),
      );
    } else {
      throw new AppError(500, `Unknown payment provider ${key}`);
    }
    providers.set(key, provider);
    return provider;
  }

  return {
    async current() {
      if (!stripeConfigured(ctx)) return byKey("sandbox");
      return byKey(`stripe:${await storedStripeMode(ctx)}`);
    },
    byKey,
    stripeClient,
    sandbox,
    async flushSandboxEvents() {
      while (pending.length > 0 || draining) {
        await new Promise((resolve) => setImmediate(resolve));
        if (draining) await draining;
      }
    },
  };
}
