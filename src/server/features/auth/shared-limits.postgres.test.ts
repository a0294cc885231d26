import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MINUTE_MS } from "@shared/constants";
import { LOGIN_EMAILS_PER_IP } from "./routes";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";
import { countHit, fixedWindow, readHits } from "@server/platform/limits/counters";

/**
 * Two web instances on one database (PGlite here; PostgreSQL when TEST_DATABASE_URL names a server): a limit is
 * counted in the database, so together they allow what one allows (issue 24: before, each process counted its own).
 */
describe("limits shared by every instance", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ database: first.database, clock: first.clock });
    first.clock.set(new Date("2025-06-02T10:00:00Z"));
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("enforce one sign-in limit between two app instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_EMAILS_PER_IP.max + 2; i++) {
      const instance = i % 2 === 0 ? first : second;
      const answer = await instance.app.inject({
        method: "POST",
        url: "/api/login/email",
        remoteAddress: "198.51.100.23",
        headers: SAME_ORIGIN,
        payload: { email: `shared-${i}@example.com` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, LOGIN_EMAILS_PER_IP.max).every((status) => status === 204)).toBe(true);
    // Each instance alone has seen only half the limit; together they refuse.
    expect(statuses.slice(LOGIN_EMAILS_PER_IP.max)).toEqual([429, 429]);
    // Another address is not affected, on either instance.
    const other = await second.app.inject({
      method: "POST",
      url: "/api/login/email",
      remoteAddress: "198.51.100.24",
      headers: SAME_ORIGIN,
      payload: { email: "someone-else@example.com" },
    });
    expect(other.statusCode).toBe(204);
    // The window is fixed: when it ends, the address may send again.
    first.clock.set(new Date("2025-06-02T10:15:00Z"));
    const later = await first.app.inject({
      method: "POST",
      url: "/api/login/email",
      remoteAddress: "198.51.100.23",
      headers: SAME_ORIGIN,
      payload: { email: "later@example.com" },
    });
    expect(later.statusCode).toBe(204);
  });

  it("counts hits atomically per key and fixed window, and reads them without counting", async () => {
    const at = new Date("2025-06-02T11:07:00Z");
    const hour = 60 * MINUTE_MS;
    expect(fixedWindow(at, hour)).toEqual({
      start: new Date("2025-06-02T11:00:00Z"),
      end: new Date("2025-06-02T12:00:00Z"),
    });
    const counts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => countHit(i % 2 ? first.ctx : second.ctx, "test:atomic", hour, at)),
    );
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await readHits(first.ctx, "test:atomic", hour, at)).toEqual({
      hits: 10,
      windowEnd: new Date("2025-06-02T12:00:00Z"),
    });
    const nextHour = new Date("2025-06-02T12:00:00Z");
    expect((await readHits(first.ctx, "test:atomic", hour, nextHour)).hits).toBe(0);
    expect((await countHit(first.ctx, "test:atomic", hour, nextHour)).hits).toBe(1);
    // An instance whose clock lags into the earlier window counts into the newer one.
    expect((await countHit(second.ctx, "test:atomic", hour, at)).hits).toBe(2);
  });
});
