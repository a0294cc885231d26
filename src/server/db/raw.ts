import type { SQL } from "drizzle-orm";
import type { Database } from "./client";

/** Anything that runs SQL: the database or a transaction. */
export type Executor = Pick<Database, "execute">;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Runs hand-written SQL and returns its rows; both drivers (pg and PGlite) answer with `rows`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A PostgreSQL array literal passed as one parameter (cast it in SQL: `${pgArray(ids)}::int[]`); null is NULL. */
export const pgArray = (values: readonly (string | number | null)[]): string =>
  `{${values.map((value) => (value === null ? "NULL" : typeof value === "number" ? String(value) : JSON.stringify(value))).join(",")}}`;
