import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { ROOT_DIR } from "../config";
import { createPostgresLocks, createProcessLocks, type AdvisoryLocks } from "./advisory-lock";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Runs a trivial query; throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Hears `NOTIFY channel` from every process on this database. `onListening` says when messages can be missed
   * (false: not connected yet, or the connection was lost and is being re-made with back-off).
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  /** Locks shared by every process on this database (advisory-lock.ts). */
  locks: AdvisoryLocks;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  onMessage(payload: string): void;
  onListening(listening: boolean): void;
}

export const MIGRATIONS_DIR = path.join(ROOT_DIR, "src/server/db/migrations");
// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseTarget =
  | {
      kind: "pglite";
      dataDir?: string;
      /** start from a dumped data directory (tests) */
      template?: Blob;
      /** an embedded database already running (tests reuse one per worker): closing the handle leaves it running */
      running?: PGlite;
    }
  | {
      kind: "postgres";
      url: string;
      poolSize?: number;
      /** `statement_timeout` of every pooled connection, in ms (unset or 0: the server's own setting). */
      statementTimeoutMs?: number;
    };

/** Opens the database and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "pglite") return openPglite(target.dataDir, target.template, target.running);
  return openPostgres(target.url, target.poolSize, target.statementTimeoutMs);
}

async function openPglite(
  dataDir: string | undefined,
  template: Blob | undefined,
  running: PGlite | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = running ?? new PGlite(dataDir, template ? { loadDataDir: template } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  const locks = createProcessLocks();
  return {
    db: db as unknown as Database,
    kind: "pglite",
    locks,
    ping: async () => {
      await client.query("select 1");
    },
    // One process owns an embedded database, so its notifications cannot be missed.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onMessage);
      handlers.onListening(true);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      await locks.close();
      if (!running && !client.closed) await client.close();
    },
  };
}

async function openPostgres(
  url: string,
  poolSize = 10,
  statementTimeoutMs?: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    // A runaway query (a bad plan, a lock held by a stuck session) fails instead of holding a pooled connection,
    // and the request or job that ran it, forever. Sent in the startup packet, so every connection has it.
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // A pool emits errors of idle clients (server restarts); without a listener Node would crash.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema });
  // Several instances may start together: serialize their migrations on an advisory lock.
  const lockClient = await pool.connect();
  try {
    // Migrations (an index on a big table) and the wait for another instance's migrations may take longer than
    // the statement timeout; RESET afterwards gives the pooled connection its startup value back.
    await lockClient.query("set statement_timeout = 0");
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockClient.query("reset statement_timeout").catch(() => undefined);
    lockClient.release();
  }
  const locks = createPostgresLocks(url);
  return {
    db: db as unknown as Database,
    kind: "postgres",
    locks,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    close: async () => {
      await locks.close();
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN needs a connection of its own (a pooled one would be handed to other queries). When it drops (server
 * restart, network, terminated backend) the handlers hear `onListening(false)` and it is re-made with back-off.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MIN_MS;
  let stopped = false;
  const given = new WeakSet<pg.Client>();

  const giveUp = (client: pg.Client) => {
    if (given.has(client)) return;
    given.add(client);
    void client.end().catch(() => undefined);
    if (current === client) {
      current = undefined;
      handlers.onListening(false);
    }
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on("error", () => giveUp(client));
    client.on("end", () => giveUp(client));
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      giveUp(client);
      return;
    }
    if (stopped) {
      given.add(client);
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = LISTEN_RETRY_MIN_MS;
    handlers.onListening(true);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    if (client) {
      given.add(client);
      await client.end().catch(() => undefined);
    }
  };
}
