import { performance } from "node:perf_hooks";

/** How long one process may answer the polled notification list from memory while it could miss another's change. */
export const RECENT_ACTIVITY_CACHE_MS = 1000;
/** How long, while it hears every process's changes (see RECENT_ACTIVITY_CHANNEL): a safety net, not the freshness. */
export const RECENT_ACTIVITY_CACHE_LISTENING_MS = 30_000;
const MAX_ENTRIES = 20_000;
/** A read that took longer than this may not fill the cache (so change marks older than this can be forgotten). */
const MAX_READ_MS = 60_000;

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
  /**
   * When each user's list last changed, oldest first, so that a read which started before the change cannot fill
   * the cache with what it read. Per user: other users' changes (a busy worker sends many) must not refuse fills.
   */
  private readonly invalidatedAt = new Map<string, number>();
  private clearedAt = -Infinity;
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
  readStarted(): number {
    return performance.now();
  }

  set(sessionToken: string, entry: CachedRecentActivity, readStartedAt: number): void {
    const changedAt = Math.max(this.clearedAt, this.invalidatedAt.get(entry.userId) ?? -Infinity);
    if (changedAt >= readStartedAt || performance.now() - readStartedAt > MAX_READ_MS) return;
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
    const now = performance.now();
    for (const userId of userIds) {
      for (const token of this.tokensByUser.get(userId) ?? []) this.entries.delete(token);
      this.tokensByUser.delete(userId);
      this.invalidatedAt.delete(userId);
      this.invalidatedAt.set(userId, now);
    }
    for (const [userId, at] of this.invalidatedAt) {
      if (at > now - MAX_READ_MS) break;
      this.invalidatedAt.delete(userId);
    }
  }

  /** Whether other processes' changes reach this one; any change of it starts from an empty cache. */
  setListening(listening: boolean): void {
    if (listening === this.listening) return;
    this.listening = listening;
    this.clear();
  }

  clear(): void {
    this.clearedAt = performance.now();
    this.invalidatedAt.clear();
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
