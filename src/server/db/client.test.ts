import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { users } from "./schema";

describe("embedded PGlite database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "jargon-db-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps its data across restarts, and migrating again changes nothing", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir });
    await first.db.insert(users).values({ email: "persist@example.com" });
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir });
    const rows = await second.db.select().from(users).where(eq(users.email, "persist@example.com"));
    expect(rows).toHaveLength(1);
    await second.close();
  }, 120_000); // two cold starts of the embedded engine, each migrating
});
