import { EventEmitter } from "node:events";
import { setImmediate as afterThisTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { BODY_BLOCK_BYTES, BodyPool } from "./body-pool";
import { RecentActivityCache } from "./recent-activity-cache";

/** A response that closes when told to. */
const response = () =>
  new EventEmitter() as EventEmitter & { once(event: "close", listener: () => void): unknown };

describe("the reused bytes of cached lists' bodies", () => {
  it("writes a dropped list's block again only after the turn it was dropped in", async () => {
    const pool = new BodyPool(64 * BODY_BLOCK_BYTES);
    const first = pool.take(3000);
    expect(first.length).toBe(3000);
    pool.drop(first);
    // In the same turn its answer may not have kept it yet: a new body gets bytes of its own.
    expect(pool.take(3000).buffer).not.toBe(first.buffer);
    await afterThisTurn();
    expect(pool.bytes).toBe(3 * BODY_BLOCK_BYTES);
    // A body of the same number of blocks takes it; one of another size does not.
    expect(pool.take(5000).buffer).not.toBe(first.buffer);
    const second = pool.take(2100);
    expect(second.buffer).toBe(first.buffer);
    expect(second.length).toBe(2100);
    expect(pool.bytes).toBe(0);
  });

  it("does not write a block again while an answer is writing it, and does once the last answer has closed", async () => {
    const pool = new BodyPool(64 * BODY_BLOCK_BYTES);
    const body = pool.take(4096);
    const slowClient = response();
    const otherTab = response();
    pool.keepWhileWriting(body, slowClient);
    pool.keepWhileWriting(body, otherTab);
    pool.drop(body);
    await afterThisTurn();
    expect(pool.take(4096).buffer).not.toBe(body.buffer);
    otherTab.emit("close");
    expect(pool.take(4096).buffer).not.toBe(body.buffer);
    slowClient.emit("close");
    expect(pool.take(4096).buffer).toBe(body.buffer);
  });

  it("hands a block dropped twice out once, and keeps no more free bytes than its bound", async () => {
    const pool = new BodyPool(4 * BODY_BLOCK_BYTES);
    const body = pool.take(1000);
    pool.drop(body);
    pool.drop(body);
    await afterThisTurn();
    pool.drop(body);
    await afterThisTurn();
    expect(pool.bytes).toBe(BODY_BLOCK_BYTES);
    expect(pool.take(1000).buffer).toBe(body.buffer);
    expect(pool.take(1000).buffer).not.toBe(body.buffer);
    // Four 2 KiB bodies dropped: two fit in the 4 KiB bound, the others are left to the garbage collector.
    for (const dropped of [2000, 2000, 2000, 2000].map((length) => pool.take(length))) pool.drop(dropped);
    await afterThisTurn();
    expect(pool.bytes).toBe(4 * BODY_BLOCK_BYTES);
  });

  it("does not write a block again that was dropped and kept again, even once free", async () => {
    const pool = new BodyPool(64 * BODY_BLOCK_BYTES);
    const body = pool.take(1500);
    pool.drop(body);
    pool.keep(body);
    await afterThisTurn();
    expect(pool.take(1500).buffer).not.toBe(body.buffer);
    pool.drop(body);
    await afterThisTurn();
    expect(pool.bytes).toBe(2 * BODY_BLOCK_BYTES);
    pool.keep(body);
    expect(pool.bytes).toBe(0);
    expect(pool.take(1500).buffer).not.toBe(body.buffer);
  });

  it("never writes bytes it did not make, nor those of a body too large to pool", async () => {
    const pool = new BodyPool(64 * BODY_BLOCK_BYTES);
    const foreign = Buffer.alloc(2 * BODY_BLOCK_BYTES);
    const large = pool.take(40_000);
    pool.drop(foreign);
    pool.drop(large);
    await afterThisTurn();
    expect(pool.bytes).toBe(0);
  });
});

describe("the cache's bodies", () => {
  it("keeps the body of a list set again for the same session, and reuses one it has dropped", async () => {
    const cache = new RecentActivityCache();
    const body = cache.bodyBuffer(3000);
    const list = { userId: "u1", body, etag: '"a"' };
    // Two tabs of one session missed together: the same list is set twice for the token.
    cache.set("token", list, cache.readStarted());
    cache.set("token", list, cache.readStarted());
    await afterThisTurn();
    expect(cache.bodyBuffer(3000).buffer).not.toBe(body.buffer);
    cache.invalidateUsers(["u1"]);
    await afterThisTurn();
    expect(cache.bodyBuffer(3000).buffer).toBe(body.buffer);
  });
});
