import { performance } from "node:perf_hooks";

/** How long one process may answer the polled notification list from memory. */
export const RECENT_ACTIVITY_CACHE_MS = 1000;
const MAX_ENTRIES = 20_000;

export interface CachedRecentActivity {
  userId: string;
  body: string;
  etag: string;
}

/**
 * Every open tab polls GET /api/activity/recent every 2 s, and the tabs of one browser share a session. This
 * per-process micro-cache, keyed by session token, answers repeats within a second without touching the database.
 * Writes made by this process (read, dismiss, clear-all, dispatch) drop the user's entries at once; another
 * process's writes show within a second. A signed-out session may read its own list for at most that second.
 */
class RecentActivityCache {
  private readonly entries = new Map<string, CachedRecentActivity & { expiresAt: number }>();
  /** Bumped by every invalidation; a read that started before one may not fill the cache. */
  private invalidations = 0;

  get(sessionToken: string): CachedRecentActivity | undefined {
    const entry = this.entries.get(sessionToken);
    if (!entry) return undefined;
    if (entry.expiresAt <= performance.now()) {
      this.entries.delete(sessionToken);
      return undefined;
    }
    return entry;
  }

  /** Taken before reading the database; `set` refuses a result that an invalidation has since overtaken. */
  generation(): number {
    return this.invalidations;
  }

  set(sessionToken: string, entry: CachedRecentActivity, generation: number): void {
    if (generation !== this.invalidations) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sessionToken, { ...entry, expiresAt: performance.now() + RECENT_ACTIVITY_CACHE_MS });
  }

  invalidateUsers(userIds: Iterable<string>): void {
    const stale = new Set(userIds);
    if (stale.size === 0) return;
    this.invalidations += 1;
    for (const [token, entry] of this.entries) if (stale.has(entry.userId)) this.entries.delete(token);
  }
}

export const recentActivityCache = new RecentActivityCache();
