import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT_DIR } from "../config";
import { MIGRATIONS_DIR, openDatabase } from "../db/client";

/**
 * Booting PGlite and migrating it costs about a second per test file; loading a dump of an already migrated
 * database costs less than half. The dump is keyed by the migrations, so a schema change makes a new one.
 */
function templatePath(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return path.join(ROOT_DIR, ".tmp", `pglite-template-${hash.digest("hex").slice(0, 16)}.tar.gz`);
}

/** Run once before the test files (Vitest globalSetup). */
export async function preparePgliteTemplate(): Promise<void> {
  const target = templatePath();
  if (existsSync(target)) return;
  const database = await openDatabase({ kind: "pglite" });
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: "gzip"): Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir("gzip");
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, target);
  await database.close();
}

export function loadPgliteTemplate(): Blob | undefined {
  const target = templatePath();
  return existsSync(target) ? new Blob([readFileSync(target)]) : undefined;
}
