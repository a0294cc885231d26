import type { FastifyInstance, RouteOptions } from "fastify";
import pino from "pino";
import type { ChannelDeclaration } from "@shared/channels";
import type { CreateSubscriptionRequest, Subscription } from "@shared/api/subscriptions";
import { SESSION_COOKIE } from "@shared/constants";
import { buildApp } from "../app";
import { createContext } from "../bootstrap";
import { loadConfig, type Config } from "../config";
import type { AppContext } from "../context";
import { upsertUser, type ProfileClaims } from "../features/auth/service";
import { createSession, type UserRow } from "../platform/auth/session";
import { AdjustableClock } from "../platform/clock/clock";
import type { LibrarySeed } from "../features/content/service";
import type { Mailer } from "../platform/mail/mailer";
import type { DeliveryChannel } from "../platform/channels/delivery-channel";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "./test-database";

export const TEST_APP_URL = "http://localhost:5000";
/** What a browser on the app's own pages sends with a state-changing request. */
export const SAME_ORIGIN = { origin: TEST_APP_URL };
/** The Host a browser on this machine sends to the app (inject's default, localhost:80, is not the app's own). */
export const OWN_HOST = { host: new URL(TEST_APP_URL).host };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The database, for a second instance on it (`createTestApp({ database })`). */
  database: DatabaseHandle;
  clock: AdjustableClock;
  /** Every route the app registered, as Fastify saw it. */
  routes: RouteOptions[];
  /** Creates (or updates) a user and a session; returns the user and the Cookie header to send. */
  signIn(claims: Partial<ProfileClaims> & { email: string }): Promise<{ user: UserRow; cookie: string }>;
  /**
   * Subscribes the signed-in person (their Cookie header) through `POST /api/subscriptions`, daily at 09:00 unless
   * `settings` say otherwise; it must answer 201.
   */
  subscribe(
    cookie: string,
    settings: Pick<CreateSubscriptionRequest, "topicId" | "emailEnabled" | "inAppEnabled"> &
      Partial<CreateSubscriptionRequest>,
  ): Promise<Subscription>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Provider doubles for send channels (replacing the built-in one of the same name, or added). */
  channels?: DeliveryChannel[];
  clock?: AdjustableClock;
  /** The channel registry, when not the app's own (a sixth channel registered only in a test). */
  declaredChannels?: readonly ChannelDeclaration[];
  /** Content library to seed: none by default (fast); a few topics, or "full" like a real start. */
  library?: LibrarySeed;
  /** Another instance on this app's database (its `ctx.db`'s handle): the database stays open when this app closes. */
  database?: DatabaseHandle;
}

/** The real app on a fresh database, built the way main.ts builds it, for `app.inject` tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config: Config = loadConfig({
    NODE_ENV: "test",
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? new AdjustableClock();
  const opened = await createContext(config, pino({ level: "silent" }), {
    database,
    clock,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.channels ? { channels: options.channels } : {}),
    ...(options.library ? { library: options.library } : {}),
    ...(options.declaredChannels ? { declaredChannels: options.declaredChannels } : {}),
  });
  const routes: RouteOptions[] = [];
  const app = await buildApp(opened.ctx, { onRoute: (route) => routes.push(route) });
  await app.ready();
  return {
    app,
    ctx: opened.ctx,
    database,
    clock,
    routes,
    async signIn(claims) {
      const user = await upsertUser(opened.ctx, claims);
      const token = await createSession(opened.ctx, user.id);
      return { user, cookie: `${SESSION_COOKIE}=${token}` };
    },
    async subscribe(cookie, settings) {
      const created = await app.inject({
        method: "POST",
        url: "/api/subscriptions",
        headers: { cookie, ...SAME_ORIGIN },
        payload: { frequency: "daily", deliveryTime: "09:00", ...settings },
      });
      if (created.statusCode !== 201) throw new Error(`subscribe: ${created.statusCode} ${created.body}`);
      return created.json() as Subscription;
    },
    async close() {
      await app.close();
      await opened.close();
      if (!options.database) await database.close();
    },
  };
}
