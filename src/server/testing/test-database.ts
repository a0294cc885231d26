import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { loadPgliteTemplate } from "./pglite-template";

/**
 * A fresh, migrated database for one test file: in-process PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
/**
 * A database of its own for one test file. `closesForGood`: its close really ends it (a test of what happens when the
 * database is gone); otherwise an embedded one is emptied and handed to the worker's next file.
 */
export async function createTestDatabase(
  options: { closesForGood?: boolean } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openReusedPglite(!options.closesForGood);

  const name = `jargon_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.href });
  return {
    ...handle,
    url: url.href,
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Booting PGlite costs seconds per instance (10 s on the 2-core CI machine under load), far more than most test
 * files take. Vitest runs files one after another in each worker (isolate: false), so a worker keeps the embedded
 * databases its files closed and hands them to the next file emptied: every table truncated, identities restarted,
 * session state discarded. What cannot be reset (a closed client, a transaction left open) is dropped instead.
 */
const idlePglites: PGlite[] = [];

async function openReusedPglite(reusable: boolean): Promise<DatabaseHandle> {
  const running = idlePglites.pop() ?? new PGlite(undefined, { loadDataDir: loadPgliteTemplate() });
  const handle = await openDatabase({ kind: "pglite", running });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      if (running.closed) return;
      if (!reusable) return running.close();
      try {
        await emptyDatabase(running);
        idlePglites.push(running);
      } catch {
        await running.close();
      }
    },
  };
}

async function emptyDatabase(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    "select quote_ident(tablename) as name from pg_tables where schemaname = 'public'",
  );
  if (rows.length > 0) {
    await client.exec(`truncate ${rows.map((row) => row.name).join(", ")} restart identity cascade`);
  }
  await client.exec("discard all");
}
