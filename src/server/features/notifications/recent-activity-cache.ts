import { performance } from "node:perf_hooks";
import type { CachedRecentActivity, RecentActivityStore } from "@server/context";
import { BodyPool, type ClosingResponse } from "./body-pool";

/** How long one process may answer the polled notification list from memory while it could miss another's change. */
export const RECENT_ACTIVITY_CACHE_MS = 1000;
/** How long, while it hears every process's changes (see RECENT_ACTIVITY_CHANNEL): a safety net, not the freshness. */
export const RECENT_ACTIVITY_CACHE_LISTENING_MS = 30_000;
/**
 * Default memory budget of one process's cache. At about 5 KiB a list (10 items with their grade previews) that is
 * some 6,000 sessions; a list is cheap to read again, so the budget only has to cover the sessions that poll at the
 * same time.
 */
export const RECENT_ACTIVITY_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** What an entry costs besides its strings: the Map slot, the entry object, the body's Buffer, the per-user Set's slot. */
const ENTRY_OVERHEAD_BYTES = 300;
/** A read that took longer than this may not fill the cache (so change marks older than this can be forgotten). */
const MAX_READ_MS = 60_000;

export interface RecentActivityCacheOptions {
  /** The most the entries may take, estimated from their strings (see entryBytes). */
  maxBytes?: number;
}

/**
 * An entry's estimated size: its body's bytes, and its strings at two bytes a character (V8 keeps a string in one
 * byte a character when it can and two otherwise, so two is the safe estimate).
 */
export function entryBytes(sessionToken: string, entry: CachedRecentActivity): number {
  return (
    entry.body.length +
    2 * (sessionToken.length + entry.userId.length + entry.etag.length) +
    ENTRY_OVERHEAD_BYTES
  );
}

type Entry = CachedRecentActivity & { expiresAt: number; bytes: number; readSinceFilled: boolean };

/**
 * The store of a process that answers no HTTP request (`npm run worker`): it keeps no lists, so it has none to drop
 * when a change is announced, and it need not hear the announcements. A dispatch at a million learners spent about
 * 5 s of the worker's CPU dropping lists it never had (docs/operations.md, session 48).
 */
export const NO_KEPT_LISTS: RecentActivityStore = {
  get: () => undefined,
  readStarted: () => performance.now(),
  set: () => {},
  bodyBuffer: (length) => Buffer.allocUnsafe(length),
  keepWhileWriting: () => {},
  invalidateUsers: () => {},
  isListening: false,
};

/**
 * Every open tab polls GET /api/activity/recent every 2 s, and the tabs of one browser share a session. This
 * per-process cache, keyed by session token, answers repeats without touching the database. A change to a user's
 * list or sessions drops that user's entries: at once in the process that made it, and in every other process when
 * its notification arrives. While this process is not hearing those notifications (starting, or its listening
 * connection lost) entries live only RECENT_ACTIVITY_CACHE_MS, so another process's change shows within a second.
 *
 * The cache is bounded in bytes, not entries: a list's size depends on its words, and a count would let long
 * definitions take any amount of memory. Over budget, entries go in the order they were filled, except that one read
 * since it was filled or last passed over gets a second chance (moved to the end): least recently used, nearly.
 * A hit only marks its entry. Moving it to the end on every hit (delete and set again) kept each hit's deleted slot in
 * the key's hash chain of V8's Map until the table was rebuilt: one session asked over and over (the bench's 64
 * connections on one session) made its own lookups slower, 14 µs a hit with 4,000 entries. Many sessions polling in
 * turn spread those slots over all chains (0.5 µs), so this mattered for a hot session, not for many.
 */
export class RecentActivityCache implements RecentActivityStore {
  private readonly entries = new Map<string, Entry>();
  private readonly maxBytes: number;
  private totalBytes = 0;
  private readonly tokensByUser = new Map<string, Set<string>>();
  /**
   * When each user's list last changed, oldest first, so that a read which started before the change cannot fill
   * the cache with what it read. Per user: other users' changes (a busy worker sends many) must not refuse fills.
   */
  private readonly invalidatedAt = new Map<string, number>();
  private clearedAt = -Infinity;
  private listening = false;
  /**
   * Where eviction goes on from: the oldest entry left. A fresh `entries.entries()` for every eviction started at the
   * front of V8's table and stepped over every entry deleted since it was last compacted (up to a few thousand once
   * the budget is reached), 9 µs a fill; a Map iterator survives deletions and sees entries added after it.
   */
  private oldestFirst: MapIterator<[string, Entry]> = this.entries.entries();

  /** The bodies' bytes, reused once their lists are dropped: at most an eighth of the budget kept free. */
  private readonly bodies: BodyPool;

  constructor(options: RecentActivityCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? RECENT_ACTIVITY_CACHE_MAX_BYTES;
    this.bodies = new BodyPool(this.maxBytes / 8);
  }

  bodyBuffer(length: number): Buffer {
    return this.bodies.take(length);
  }

  keepWhileWriting(body: Buffer, response: ClosingResponse): void {
    this.bodies.keepWhileWriting(body, response);
  }

  /** Estimated bytes held now (never above the budget). */
  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(sessionToken: string): CachedRecentActivity | undefined {
    const entry = this.entries.get(sessionToken);
    if (!entry) return undefined;
    if (entry.expiresAt <= performance.now()) {
      this.remove(sessionToken, entry.userId);
      return undefined;
    }
    entry.readSinceFilled = true;
    return entry;
  }

  readStarted(): number {
    return performance.now();
  }

  set(sessionToken: string, entry: CachedRecentActivity, readStartedAt: number): void {
    const changedAt = Math.max(this.clearedAt, this.invalidatedAt.get(entry.userId) ?? -Infinity);
    if (changedAt >= readStartedAt || performance.now() - readStartedAt > MAX_READ_MS) return;
    const bytes = entryBytes(sessionToken, entry);
    const previous = this.entries.get(sessionToken);
    // The same list again (two tabs of one session missed together, see SharedReads): its body stays in use.
    if (previous) this.remove(sessionToken, previous.userId, previous.body !== entry.body);
    // A list larger than the whole budget is simply not kept.
    if (bytes > this.maxBytes) return;
    this.evictFor(bytes);
    // Dropped earlier in this turn, under another session or this one, and kept again now: not to be reused.
    this.bodies.keep(entry.body);
    const ttl = this.listening ? RECENT_ACTIVITY_CACHE_LISTENING_MS : RECENT_ACTIVITY_CACHE_MS;
    this.entries.set(sessionToken, {
      userId: entry.userId,
      body: entry.body,
      etag: entry.etag,
      expiresAt: performance.now() + ttl,
      bytes,
      readSinceFilled: false,
    });
    this.totalBytes += bytes;
    const tokens = this.tokensByUser.get(entry.userId) ?? new Set<string>();
    tokens.add(sessionToken);
    this.tokensByUser.set(entry.userId, tokens);
  }

  invalidateUsers(userIds: Iterable<string>): void {
    const now = performance.now();
    for (const userId of userIds) {
      for (const token of this.tokensByUser.get(userId) ?? []) {
        const entry = this.entries.get(token);
        if (!entry) continue;
        this.totalBytes -= entry.bytes;
        this.entries.delete(token);
        this.bodies.drop(entry.body);
      }
      this.tokensByUser.delete(userId);
      this.invalidatedAt.delete(userId);
      this.invalidatedAt.set(userId, now);
    }
    for (const [userId, at] of this.invalidatedAt) {
      if (at > now - MAX_READ_MS) break;
      this.invalidatedAt.delete(userId);
    }
  }

  /** Whether other processes' changes reach this one (entries then live RECENT_ACTIVITY_CACHE_LISTENING_MS). */
  get isListening(): boolean {
    return this.listening;
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
    for (const entry of this.entries.values()) this.bodies.drop(entry.body);
    this.entries.clear();
    this.tokensByUser.clear();
    this.totalBytes = 0;
  }

  /**
   * Makes room for `bytes` more, oldest first; an entry read since it was filled or last passed over is moved to the
   * end unread instead (each entry at most once a pass, so this ends).
   */
  private evictFor(bytes: number): void {
    while (this.totalBytes + bytes > this.maxBytes) {
      let next = this.oldestFirst.next();
      // A finished iterator stays finished, even when entries are added later.
      if (next.done) {
        this.oldestFirst = this.entries.entries();
        next = this.oldestFirst.next();
      }
      if (next.done) return;
      const [oldestToken, oldest] = next.value;
      if (oldest.readSinceFilled) {
        oldest.readSinceFilled = false;
        this.entries.delete(oldestToken);
        this.entries.set(oldestToken, oldest);
      } else this.remove(oldestToken, oldest.userId);
    }
  }

  private remove(sessionToken: string, userId: string, dropBody = true): void {
    const entry = this.entries.get(sessionToken);
    if (entry) {
      this.totalBytes -= entry.bytes;
      if (dropBody) this.bodies.drop(entry.body);
    }
    this.entries.delete(sessionToken);
    const tokens = this.tokensByUser.get(userId);
    tokens?.delete(sessionToken);
    if (tokens?.size === 0) this.tokensByUser.delete(userId);
  }
}
