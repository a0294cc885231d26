import type { Logger } from "pino";
import type { Config } from "./config";
import type { AdvisoryLocks } from "./db/advisory-lock";
import type { Database, DatabaseKind } from "./db/client";
import type { RecentActivityCache } from "./features/notifications/recent-activity-cache";
import type { ChannelRegistry } from "./platform/channels/registry";
import type { Clock } from "./platform/clock/clock";
import type { AppEvents } from "./platform/events/delivered";
import type { Mailer } from "./platform/mail/mailer";
import type { SmsSender } from "./platform/sms/sms-sender";

/** Everything a service may depend on, built once at start-up (or per test) and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  ping(): Promise<void>;
  /** Mutual exclusion across every instance on the database (PGlite: within the process). */
  locks: AdvisoryLocks;
  mailer: Mailer;
  /** Twilio, the local SMS outbox, or "off" (production without Twilio). */
  sms: SmsSender;
  clock: Clock;
  log: Logger;
  /** This process's copy of the polled notification lists (features/notifications). */
  recentActivity: RecentActivityCache;
  /** The channels a word can leave the process by (e-mail, SMS, push), each with its own sender job. */
  channels: ChannelRegistry;
  /** In-process events (a delivery was made) that other features subscribe to in bootstrap.ts. */
  events: AppEvents;
}
