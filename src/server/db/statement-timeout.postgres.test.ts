import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContext, type OpenedContext } from "../bootstrap";
import { loadConfig } from "../config";
import { createTestDatabase } from "../testing/test-database";
import { queryRows } from "./raw";

const serverUrl = process.env.TEST_DATABASE_URL;
const title = serverUrl
  ? "statement_timeout on pooled PostgreSQL connections"
  : "statement_timeout on pooled PostgreSQL connections (SKIPPED: set TEST_DATABASE_URL to a PostgreSQL server)";

if (!serverUrl) console.warn(`Skipping: ${title}`);

describe.skipIf(!serverUrl)(title, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let opened: OpenedContext;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Opened the way main.ts opens it: from the environment, through config and bootstrap.
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: database.url!,
      DATABASE_STATEMENT_TIMEOUT_MS: "300",
    });
    opened = await createContext(config, pino({ level: "silent" }));
  });
  afterAll(async () => {
    await opened?.close();
    await database?.close();
  });

  it("cancels a statement that runs longer than DATABASE_STATEMENT_TIMEOUT_MS", async () => {
    const started = Date.now();
    await expect(opened.ctx.db.execute(sql`select pg_sleep(3)`)).rejects.toMatchObject({
      cause: expect.objectContaining({
        code: "57014",
        message: expect.stringMatching(/statement timeout/),
      }),
    });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("leaves quicker statements alone, on every pooled connection", async () => {
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        queryRows<{ timeout: string }>(
          opened.ctx.db,
          sql`select current_setting('statement_timeout') as timeout, pg_sleep(0.05)`,
        ),
      ),
    );
    expect(runs.map((rows) => rows[0]?.timeout)).toEqual(Array(6).fill("300ms"));
  });

  it("defaults to 15 s", () => {
    expect(loadConfig({ DATABASE_URL: database.url! }).database).toMatchObject({
      statementTimeoutMs: 15_000,
    });
  });
});
