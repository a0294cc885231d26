import type { Logger } from "pino";
import type { ChannelDeclaration } from "@shared/channels";
import type { Config } from "./config";
import type { AdvisoryLocks } from "./db/advisory-lock";
import type { Database, DatabaseKind } from "./db/client";
import type { ChannelRegistry } from "./platform/channels/registry";
import type { Clock } from "./platform/clock/clock";
import type { AppEvents } from "./platform/events/delivered";
import type { Mailer } from "./platform/mail/mailer";
import type { SmsSender } from "./platform/sms/sms-sender";
import type { TelegramBot } from "./platform/telegram/bot";

/** One session's polled notification list, serialized once for both the ETag and the answer. */
export interface CachedRecentActivity {
  userId: string;
  /** The JSON answer as the bytes sent: a hit writes them as they are, with no encoding of a string. */
  body: Buffer;
  etag: string;
}

/**
 * What services see of this process's copy of the polled notification lists. The notifications feature implements
 * it (recent-activity-cache.ts) and bootstrap.ts puts one in the context, so the context knows no feature.
 */
export interface RecentActivityStore {
  get(sessionToken: string): CachedRecentActivity | undefined;
  /** Taken before reading the database; `set` refuses a result that an invalidation has since overtaken. */
  readStarted(): number;
  set(sessionToken: string, entry: CachedRecentActivity, readStartedAt: number): void;
  /** A buffer for a list's body, its bytes reused from lists this store has dropped. */
  bodyBuffer(length: number): Buffer;
  /** Keeps a list's body from reuse until the response writing it has closed: call it for every answer with a body. */
  keepWhileWriting(body: Buffer, response: { once(event: "close", listener: () => void): unknown }): void;
  /** Drops these users' entries (their lists or sessions changed). */
  invalidateUsers(userIds: Iterable<string>): void;
  /** Whether other processes' changes reach this one (until then an entry lives only a second). */
  readonly isListening: boolean;
}

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
  recentActivity: RecentActivityStore;
  /**
   * The channel registry this app runs with (shared/channels.ts's CHANNELS; a test may add one): the API's channel
   * validation and answers are built from it.
   */
  declaredChannels: readonly ChannelDeclaration[];
  /** The channels a word can leave the process by (e-mail, SMS, push), each with its own sender job. */
  channels: ChannelRegistry;
  /** The Telegram bot (or the local outbox's emulator); null when Telegram is off. */
  telegram: TelegramBot | null;
  /** In-process events (a delivery was made) that other features subscribe to in bootstrap.ts. */
  events: AppEvents;
}
