import { describe, expect, it } from "vitest";
import type { CachedRecentActivity } from "@server/context";
import { RecentActivityCache } from "./recent-activity-cache";

const KIB = 1024;
const MIB = 1024 * KIB;

/** A list whose JSON body is `bytes` long, for user `userId`. */
const list = (userId: string, bytes: number): CachedRecentActivity => ({
  userId,
  body: Buffer.alloc(bytes, "x"),
  etag: `"${userId}"`,
});

function fill(cache: RecentActivityCache, token: string, entry: CachedRecentActivity): void {
  cache.set(token, entry, cache.readStarted());
}

describe("the recent-activity cache's memory bound", () => {
  it("keeps no more than its byte budget, however few the entries (32 MiB by default)", () => {
    const cache = new RecentActivityCache();
    // 40 lists of 2 MiB: far fewer entries than any count limit, far more bytes than the budget.
    for (let index = 0; index < 40; index += 1) fill(cache, `token-${index}`, list(`user-${index}`, 2 * MIB));
    const kept = Array.from({ length: 40 }, (_, index) => cache.get(`token-${index}`)).filter(Boolean);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(16); // with their bookkeeping, at most 15 such lists fit in 32 MiB
    expect(cache.bytes).toBeLessThanOrEqual(32 * MIB);
    // The newest are the ones kept.
    expect(cache.get("token-39")).toBeDefined();
    expect(cache.get("token-0")).toBeUndefined();
  });

  it("evicts the least recently used entry first, counting reads as use", () => {
    const cache = new RecentActivityCache({ maxBytes: 40 * KIB });
    for (const name of ["a", "b", "c", "d"]) fill(cache, name, list(name, 8 * KIB));
    expect(cache.get("a")).toBeDefined(); // a is now the most recently used; b the least
    fill(cache, "e", list("e", 8 * KIB));
    fill(cache, "f", list("f", 8 * KIB));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("f")).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(40 * KIB);
  });

  it("does not keep a list bigger than the whole budget, and gives its bytes back on invalidation", () => {
    const cache = new RecentActivityCache({ maxBytes: 16 * KIB });
    fill(cache, "small", list("u1", 2 * KIB));
    fill(cache, "huge", list("u2", 16 * KIB));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("small")).toBeDefined();
    const before = cache.bytes;
    expect(before).toBeGreaterThan(2 * KIB);
    fill(cache, "small", list("u1", 2 * KIB)); // replacing an entry does not count it twice
    expect(cache.bytes).toBe(before);
    cache.invalidateUsers(["u1"]);
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });
});
