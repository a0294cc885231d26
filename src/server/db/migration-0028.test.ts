import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsUpTo } from "../testing/migrations-up-to";
import { MIGRATIONS_DIR } from "./client";
import { queryRows } from "./raw";

describe("migration 0028 (users.recall_calibration): every learner starts on FSRS as it is", () => {
  const oldMigrations = migrationsUpTo("0027_identifiers_collate_c");
  const client = new PGlite();
  const db = drizzle(client);
  afterAll(async () => {
    await client.close();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  it("adds the column empty for existing learners, their weights untouched, and keeps it to six numbers", async () => {
    await migrate(db, { migrationsFolder: oldMigrations });
    await client.exec(`
      insert into users (id, email) values ('u1', 'learner@example.com');
      update users set fsrs_weights = array_fill(0.5::float8, array[21]), fsrs_weights_fitted_at = now();
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    expect(
      await queryRows(
        db,
        sql`select recall_calibration, cardinality(fsrs_weights)::int as weights from users`,
      ),
    ).toEqual([{ recall_calibration: null, weights: 21 }]);
    await db.execute(sql`update users set recall_calibration = '{0,1,0.09,0,0.09,0}'`);
    await expect(db.execute(sql`update users set recall_calibration = '{0,1}'`)).rejects.toThrow();
  }, 120_000); // two full migration runs from an empty database, on a machine that may be busy
});
