import type { AppContext } from "@server/context";
import { readPolledLists, type PolledList } from "./polled-lists";

/**
 * The most sessions one shared read asks for. Smaller reads, more of them under way, keep PostgreSQL and this process
 * busy at once: while one read runs, the answers of another are written. Measured on two cores (docs/operations.md,
 * session 37): 4 reads of 16 answered 14,600 misses a second where 2 reads of 64 answered 11,400.
 */
export const MAX_SESSIONS_PER_READ = 16;
/**
 * The most shared reads of one database under way at once. Misses that arrive meanwhile wait for one to finish and
 * then go together: under load the reads grow instead of multiplying, and they never take the whole pool (of 10
 * connections by default).
 */
const MAX_READS_UNDER_WAY = 4;

type Waiter = { resolve(list: PolledList | undefined): void; reject(error: unknown): void };

/**
 * The poll's reads of one database. A miss does not query alone: it joins the misses of every other session that
 * arrived in the same turn of the event loop, or while MAX_READS_UNDER_WAY reads were under way, in one read of up to
 * MAX_SESSIONS_PER_READ sessions (readPolledLists). Under load most of a miss's cost is the round trip to
 * PostgreSQL (socket writes and reads, waking its process, the pool), not the query: 64 tabs missing at once cost
 * four round trips instead of 64. Alone, a miss waits only for the end of the current turn (setImmediate).
 */
class SharedReads {
  /** Reads not started yet, by session token hash; the last one takes more sessions until it is full. */
  private readonly waiting: Map<string, Waiter[]>[] = [];
  private underWay = 0;
  private startScheduled = false;

  constructor(private readonly ctx: AppContext) {}

  /** The session's list; undefined when the session is unknown or expired. */
  listOf(tokenHash: string): Promise<PolledList | undefined> {
    let open = this.waiting.at(-1);
    if (!open || open.size >= MAX_SESSIONS_PER_READ) {
      open = new Map();
      this.waiting.push(open);
    }
    const waiters = open;
    const answer = new Promise<PolledList | undefined>((resolve, reject) => {
      const same = waiters.get(tokenHash);
      if (same) same.push({ resolve, reject });
      else waiters.set(tokenHash, [{ resolve, reject }]);
    });
    if (!this.startScheduled) {
      this.startScheduled = true;
      setImmediate(() => {
        this.startScheduled = false;
        this.startReads();
      });
    }
    return answer;
  }

  private startReads(): void {
    while (this.underWay < MAX_READS_UNDER_WAY && this.waiting.length > 0) {
      const waiters = this.waiting.shift()!;
      this.underWay += 1;
      void this.read(waiters).finally(() => {
        this.underWay -= 1;
        this.startReads();
      });
    }
  }

  private async read(waiters: Map<string, Waiter[]>): Promise<void> {
    try {
      const lists = await readPolledLists(this.ctx, [...waiters.keys()], this.ctx.clock.now());
      let place = 0;
      for (const sessionWaiters of waiters.values()) {
        for (const waiter of sessionWaiters) waiter.resolve(lists[place]);
        place += 1;
      }
    } catch (error) {
      for (const sessionWaiters of waiters.values())
        for (const waiter of sessionWaiters) waiter.reject(error);
    }
  }
}

const sharedReads = new WeakMap<AppContext, SharedReads>();
/** The context's shared reads of the poll. */
export function sharedReadsOf(ctx: AppContext): SharedReads {
  let reads = sharedReads.get(ctx);
  if (!reads) {
    reads = new SharedReads(ctx);
    sharedReads.set(ctx, reads);
  }
  return reads;
}
