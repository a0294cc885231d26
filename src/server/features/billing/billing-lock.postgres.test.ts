import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "@shared/constants";
import { createContext, type OpenedContext } from "@server/bootstrap";
import { loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { users } from "@server/db/schema";
import { upsertUser } from "../auth/service";
import { createTestDatabase } from "@server/testing/test-database";
import { withBillingLock } from "./lock";
import { cancelTrial } from "./service";

const serverUrl = process.env.TEST_DATABASE_URL;
const title = serverUrl
  ? "the billing lock across instances on real PostgreSQL"
  : "the billing lock across instances on real PostgreSQL (SKIPPED: set TEST_DATABASE_URL to a PostgreSQL server)";

if (!serverUrl) console.warn(`Skipping: ${title}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!serverUrl)(title, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  /** Two app instances: each its own pools, as two servers on one database would have. */
  const instances: OpenedContext[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let index = 0; index < 2; index += 1) {
      const handle = await openDatabase({ kind: "postgres", url: database.url!, poolSize: 4 });
      const opened = await createContext(
        loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
        pino({ level: "silent" }),
        { database: handle },
      );
      instances.push({
        ctx: opened.ctx,
        close: async () => {
          await opened.close();
          await handle.close();
        },
      });
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database?.close();
  });

  it("runs one user's billing operations one at a time, whichever instance runs them", async () => {
    const [a, b] = instances.map((instance) => instance.ctx);
    const spans: { instance: string; start: number; end: number }[] = [];
    const operation = (instance: string) => async () => {
      const start = performance.now();
      await sleep(150);
      spans.push({ instance, start, end: performance.now() });
    };
    await Promise.all([
      withBillingLock(a!, "user-1", operation("a")),
      withBillingLock(b!, "user-1", operation("b")),
      withBillingLock(a!, "user-1", operation("a")),
      withBillingLock(b!, "user-1", operation("b")),
    ]);
    spans.sort((x, y) => x.start - y.start);
    expect(spans).toHaveLength(4);
    for (let index = 1; index < spans.length; index += 1) {
      expect(spans[index]!.start).toBeGreaterThanOrEqual(spans[index - 1]!.end);
    }
  });

  it("does not hold up other users, and is released when the operation fails", async () => {
    const [a, b] = instances.map((instance) => instance.ctx);
    await expect(
      withBillingLock(a!, "user-2", async () => {
        throw new Error("provider down");
      }),
    ).rejects.toThrow("provider down");
    const started = performance.now();
    const slow = withBillingLock(a!, "user-3", () => sleep(1000));
    await withBillingLock(b!, "user-2", async () => undefined); // free again after the failure
    await withBillingLock(b!, "user-4", async () => undefined); // another user: no wait for user-3
    expect(performance.now() - started).toBeLessThan(800);
    await slow;
  });

  it("two instances cancelling one user's trial at once: one cancels, the other finds nothing to cancel", async () => {
    const [a, b] = instances.map((instance) => instance.ctx);
    for (let round = 0; round < 5; round += 1) {
      const user = await upsertUser(a!, { email: `racer-${round}@example.com` });
      await a!.db
        .update(users)
        .set({
          subscriptionPlan: "premium",
          trialStatus: "active",
          trialPlan: "premium",
          trialEndDate: new Date(Date.now() + 7 * DAY_MS),
        })
        .where(eq(users.id, user.id));
      const outcomes = await Promise.allSettled([cancelTrial(a!, user.id), cancelTrial(b!, user.id)]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = outcomes.find((outcome) => outcome.status === "rejected");
      expect(refused?.reason).toMatchObject({ code: "NO_ACTIVE_TRIAL" });
    }
  });
});
