import pg from "pg";

/**
 * The first half of every advisory lock key: one number per kind of lock, so that kinds never collide. The second
 * half is `hashtext(key)`; two keys with the same hash merely wait for each other. (Migrations use the one-number
 * form of pg_advisory_lock, a separate key space.)
 */
export const LOCK_SCOPE = {
  /** A background job that only one instance may run at a time (platform/jobs). */
  job: 727_010,
  /** One user's billing operations (features/billing/lock.ts). */
  billingUser: 727_011,
} as const;
export type LockScope = (typeof LOCK_SCOPE)[keyof typeof LOCK_SCOPE];

export type TryLockResult<T> = { acquired: true; value: T } | { acquired: false };

/** Mutual exclusion across every process on one database (PostgreSQL), or within the one process (PGlite). */
export interface AdvisoryLocks {
  /** Runs `run` while holding the lock, waiting for it first. */
  withLock<T>(scope: LockScope, key: string, run: () => Promise<T>): Promise<T>;
  /** Runs `run` while holding the lock if nobody holds it now; otherwise does nothing. */
  tryWithLock<T>(scope: LockScope, key: string, run: () => Promise<T>): Promise<TryLockResult<T>>;
  close(): Promise<void>;
}

/**
 * Locks within this process: a queue per key. Enough for PGlite, whose database belongs to one process; and it
 * takes no database connection, so holding a lock cannot starve PGlite's single connection.
 */
export function createProcessLocks(): AdvisoryLocks {
  const tails = new Map<string, Promise<unknown>>();
  const withLock = <T>(scope: LockScope, key: string, run: () => Promise<T>): Promise<T> => {
    const id = `${scope}:${key}`;
    const previous = tails.get(id) ?? Promise.resolve();
    const next = previous.then(run, run);
    const tail = next.catch(() => undefined);
    tails.set(id, tail);
    void tail.then(() => {
      if (tails.get(id) === tail) tails.delete(id);
    });
    return next;
  };
  return {
    withLock,
    async tryWithLock(scope, key, run) {
      if (tails.has(`${scope}:${key}`)) return { acquired: false };
      return { acquired: true, value: await withLock(scope, key, run) };
    },
    close: async () => undefined,
  };
}

/** Connections that may hold advisory locks at once, per process (besides the query pool). */
const LOCK_POOL_SIZE = 10;
/** Longest wait for a lock (or a lock connection) before the operation fails. */
const LOCK_WAIT_MS = 60_000;

/**
 * Session-level advisory locks on PostgreSQL, each held on a connection of a small pool of its own while `run`
 * uses the query pool. A transaction-level lock would have to wrap `run`'s queries in its transaction (billing
 * calls the payment provider in the middle: long transactions), and taking lock connections from the query pool
 * could starve it: N holders, each waiting for a connection that another holder's lock occupies. If this process
 * dies, its sessions end and PostgreSQL releases their locks.
 *
 * The in-process queue in front means one process never spends two connections on one key: the second caller
 * waits in memory.
 */
export function createPostgresLocks(url: string): AdvisoryLocks {
  const local = createProcessLocks();
  const pool = new pg.Pool({
    connectionString: url,
    max: LOCK_POOL_SIZE,
    connectionTimeoutMillis: LOCK_WAIT_MS,
    idleTimeoutMillis: 10_000,
    // Bounds the wait inside pg_advisory_lock; holding a lock runs no statement, so it is not limited.
    statement_timeout: LOCK_WAIT_MS,
  });
  pool.on("error", () => undefined);

  async function holding<T>(
    scope: LockScope,
    key: string,
    wait: boolean,
    run: () => Promise<T>,
  ): Promise<TryLockResult<T>> {
    const client = await pool.connect();
    // After any failed lock statement the session's locks are unknown: the connection is then destroyed, not
    // returned, which ends its session and so releases whatever it held.
    let healthy = true;
    const lockQuery = async (text: string) => {
      try {
        return await client.query<{ locked?: boolean }>(text, [scope, key]);
      } catch (error) {
        healthy = false;
        throw error;
      }
    };
    try {
      if (wait) {
        await lockQuery("select pg_advisory_lock($1, hashtext($2))");
      } else {
        const { rows } = await lockQuery("select pg_try_advisory_lock($1, hashtext($2)) as locked");
        if (!rows[0]?.locked) return { acquired: false };
      }
      try {
        return { acquired: true, value: await run() };
      } finally {
        await lockQuery("select pg_advisory_unlock($1, hashtext($2))").catch(() => undefined);
      }
    } finally {
      client.release(!healthy);
    }
  }

  return {
    withLock: (scope, key, run) =>
      local.withLock(scope, key, async () => {
        const result = await holding(scope, key, true, run);
        if (!result.acquired) throw new Error("advisory lock not acquired");
        return result.value;
      }),
    async tryWithLock(scope, key, run) {
      const result = await local.tryWithLock(scope, key, () => holding(scope, key, false, run));
      return result.acquired ? result.value : result;
    },
    close: () => pool.end(),
  };
}
