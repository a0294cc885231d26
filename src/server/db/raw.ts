import type { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type pg from "pg";
import type { Database, DatabaseKind } from "./client";

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

/** A query built with drizzle, as SQL text and parameters (placeholders among them). */
interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * A hot read run by the driver itself, prepared under a name on PostgreSQL: each call answers the rows as arrays of
 * column values, without drizzle's mapping of every row into an object (which cost a read of many small rows more than
 * reading them). Values come as the driver parses them, which pg and PGlite do alike for text and integers only: the
 * query should send instants as text (to_char) rather than timestamps.
 */
export function preparedArrayRows(
  db: Database,
  kind: DatabaseKind,
  name: string,
  query: BuiltQuery,
): (values: Record<string, unknown>) => Promise<unknown[][]> {
  const { sql: text, params } = query.toSQL();
  const { $client: client } = db as unknown as { $client: pg.Pool | PGlite };
  return async (values) => {
    const filled = fillPlaceholders(params, values);
    const result =
      kind === "postgres"
        ? await (client as pg.Pool).query<unknown[]>({ name, text, values: filled, rowMode: "array" })
        : await (client as PGlite).query<unknown[]>(text, filled, { rowMode: "array" });
    return result.rows;
  };
}

/**
 * Newest first, in the order of the deliveries' indexes (`desc nulls last` on the time and the id): with plain
 * `desc` (nulls first) PostgreSQL cannot read such an index in order, so it reads every row of the learner and sorts
 * them to keep a page. Neither column is ever null, so the rows come in the same order either way.
 */
export const newestFirstOnIndex = (time: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${time} desc nulls last`,
  sql`${id} desc nulls last`,
];
