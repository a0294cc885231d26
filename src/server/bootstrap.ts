import type { Logger } from "pino";
import { CHANNELS, type ChannelDeclaration } from "@shared/channels";
import { createEmailChannel } from "./channels/email";
import { createPushChannel } from "./channels/push";
import { createSmsChannel } from "./channels/sms";
import { createTelegramChannel } from "./channels/telegram";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { handleProviderEvent, installPayments } from "./features/billing/service";
import { seedContentLibrary, type LibrarySeed } from "./features/content/service";
import { createCardsOnDelivery } from "./features/learning/service";
import { endElapsedPause } from "./features/preferences/service";
import { NO_KEPT_LISTS, RecentActivityCache } from "./features/notifications/recent-activity-cache";
import {
  listenForRecentActivityChanges,
  refreshRecentActivityOnDelivery,
} from "./features/notifications/recent-activity-sync";
import type { DeliveryChannel } from "./platform/channels/delivery-channel";
import { channelRegistry } from "./platform/channels/registry";
import { systemClock, type Clock } from "./platform/clock/clock";
import { createAppEvents } from "./platform/events/delivered";
import { createMailboxMailer, createSmtpMailer, type Mailer } from "./platform/mail/mailer";
import { withCostControls } from "./platform/sms/cost-controls";
import { createSmsSender } from "./platform/sms/sms-sender";
import { openTelegramBot, registerWebhook } from "./platform/telegram/bot";

export interface ContextOverrides {
  database?: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  /** Send channels that replace the built-in one of the same name, or add one (tests' provider doubles). */
  channels?: DeliveryChannel[];
  /** The channel registry, when not shared/channels.ts's own (a test registers a sixth channel). */
  declaredChannels?: readonly ChannelDeclaration[];
  /** False for `npm run worker`: no HTTP requests, so no copy of the polled notification lists (default true). */
  answersHttp?: boolean;
  /** Seed the built-in content library: main.ts seeds it all; tests seed nothing unless they ask. */
  library?: LibrarySeed;
}

export interface OpenedContext {
  ctx: AppContext;
  close(): Promise<void>;
}

/** Opens the database (migrating it) and wires the services' dependencies. */
export async function createContext(
  config: Config,
  log: Logger,
  overrides: ContextOverrides = {},
): Promise<OpenedContext> {
  const database =
    overrides.database ??
    (await openDatabase(
      config.database.kind === "pglite"
        ? { kind: "pglite", dataDir: config.database.dataDir }
        : config.database,
    ));
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
      : createMailboxMailer(database.db, config.mailFrom, log));
  // A process that answers no HTTP request keeps no notification lists, so it need not hear of their changes.
  const keptLists = overrides.answersHttp === false ? undefined : new RecentActivityCache();
  const recentActivity = keptLists ?? NO_KEPT_LISTS;
  const stopListening = keptLists
    ? await listenForRecentActivityChanges(database, keptLists)
    : async () => {};
  const clock = overrides.clock ?? systemClock;
  // Every text passes the cost controls: allowed countries and daily budgets (issue 24: SMS pumping).
  const sms = withCostControls(createSmsSender(config, database.db, log), { db: database.db, clock, config });
  const telegram = await openTelegramBot(config);
  if (telegram) await registerWebhook(telegram, config, log);
  // Every channel a word can leave by; each gets its sender job (src/server/jobs.ts).
  const channels = channelRegistry([
    createEmailChannel(config, mailer),
    createSmsChannel({ sender: sms, db: database.db }),
    createPushChannel({ db: database.db, config, clock, log }),
    createTelegramChannel({ db: database.db, config, clock, log }, telegram),
    ...(overrides.channels ?? []),
  ]);
  const events = createAppEvents();
  events.delivered.subscribe(refreshRecentActivityOnDelivery(recentActivity));
  events.delivered.subscribe(createCardsOnDelivery(clock));
  events.pauseElapsed.subscribe(async (tx, { userId, now }) => {
    await endElapsedPause(tx, userId, now);
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    ping: () => database.ping(),
    locks: database.locks,
    mailer,
    sms,
    clock,
    log,
    recentActivity,
    declaredChannels: overrides.declaredChannels ?? CHANNELS,
    channels,
    telegram,
    events,
  };
  // Billing's webhook handler also receives the sandbox provider's events.
  installPayments(ctx, handleProviderEvent);
  if (overrides.library) await seedContentLibrary(ctx, overrides.library);
  return {
    ctx,
    close: async () => {
      await stopListening();
      await mailer.close();
      await telegram?.close();
      if (!overrides.database) await database.close();
    },
  };
}
