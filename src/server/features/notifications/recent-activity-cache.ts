import { performance } from "node:perf_hooks";

/** How long one process may answer the polled notification list from memory while it could miss another's change. */
export const RECENT_ACTIVITY_CACHE_MS = 1000;
/** How long, while it hears every process's changes (see RECENT_ACTIVITY_CHANNEL): a safety net, not the freshness. */
export const RECENT_ACTIVITY_CACHE_LISTENING_MS = 30_000;
const MAX_ENTRIES = 20_000;

export interface CachedRecentActivity {
  userId: string;
  body: string;
  etag: string;
}

/**
 * Every open tab polls GET /api/activity/recent every 2 s, and the tabs of one browser share a session. This
 * per-process cache, keyed by session token, answers repeats without touching the database. A change to a user's
 * list or sessions drops that user's entries: at once in the process that made it, and in every other process when
 * its notification arrives. While this process is not hearing those notifications (starting, or its listening
 * connection lost) entries live only RECENT_ACTIVITY_CACHE_MS, so another process's change shows within a second.
 */
export class RecentActivityCache {
  private readonly entries = new Map<string, CachedRecentActivity & { expiresAt: number }>();
  private readonly tokensByUser = new Map<string, Set<string>>();
  /** Bumped by every invalidation; a read that started before one may not fill the cache. */
  private invalidations = 0;
  private listening = false;

  get(sessionToken: string): CachedRecentActivity | undefined {
    const entry = this.entries.get(sessionToken);
    if (!entry) return undefined;
    if (entry.expiresAt <= performance.now()) {
      this.remove(sessionToken, entry.userId);
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
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(sessionToken)) {
      const [oldestToken, oldest] = this.entries.entries().next().value ?? [];
      if (oldestToken !== undefined && oldest) this.remove(oldestToken, oldest.userId);
    }
    const ttl = this.listening ? RECENT_ACTIVITY_CACHE_LISTENING_MS : RECENT_ACTIVITY_CACHE_MS;
    this.entries.set(sessionToken, { ...entry, expiresAt: performance.now() + ttl });
    const tokens = this.tokensByUser.get(entry.userId) ?? new Set<string>();
    tokens.add(sessionToken);
    this.tokensByUser.set(entry.userId, tokens);
  }

  invalidateUsers(userIds: Iterable<string>): void {
    this.invalidations += 1;
    for (const userId of userIds) {
      for (const token of this.tokensByUser.get(userId) ?? []) this.entries.delete(token);
      this.tokensByUser.delete(userId);
    }
  }

  /** Whether other processes' changes reach this one; any change of it starts from an empty cache. */
  setListening(listening: boolean): void {
    if (listening === this.listening) return;
    this.listening = listening;
    this.clear();
  }

  clear(): void {
    this.invalidations += 1;
    this.entries.clear();
    this.tokensByUser.clear();
  }

  private remove(sessionToken: string, userId: string): void {
    this.entries.delete(sessionToken);
    const tokens = this.tokensByUser.get(userId);
    tokens?.delete(sessionToken);
    if (tokens?.size === 0) this.tokensByUser.delete(userId);
  }
}
