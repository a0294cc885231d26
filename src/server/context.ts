import type { Logger } from "pino";
import type { Config } from "./config";
import type { AdvisoryLocks } from "./db/advisory-lock";
import type { Database, DatabaseKind } from "./db/client";
import type { RecentActivityCache } from "./features/notifications/recent-activity-cache";
import type { Clock } from "./platform/clock/clock";
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
}
