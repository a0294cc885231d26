import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/*
 * Pieces of an INSERT ... ON CONFLICT written as SQL text where Drizzle's builder cannot say it: its conflict target
 * takes plain columns only, and our unique indexes on words are on expressions (topic_id, lower(word)). Every name
 * comes from the schema, so a renamed column still fails the build.
 */

/** A column by its bare name, as an INSERT's column list, a conflict target and ON CONFLICT's SET name it. */
export const bare = (column: PgColumn): SQL => sql`${sql.identifier(column.name)}`;

/** The value the conflicting row proposed for `column` (ON CONFLICT DO UPDATE). */
export const excluded = (column: PgColumn): SQL => sql`excluded.${bare(column)}`;

type ValueOf<TColumn extends PgColumn> = TColumn["_"]["notNull"] extends true
  ? TColumn["_"]["data"]
  : TColumn["_"]["data"] | null;

/**
 * `(column, ...) values (...), (...)` from rows keyed like `columns`, each value typed by its column and encoded
 * as the builder would (dates as timestamps, and so on).
 */
export function columnsAndValues<TColumns extends Record<string, PgColumn>>(
  columns: TColumns,
  rows: readonly { [K in keyof TColumns]: ValueOf<TColumns[K]> }[],
): SQL {
  const keys = Object.keys(columns) as (keyof TColumns & string)[];
  const names = sql.join(
    keys.map((key) => bare(columns[key]!)),
    sql`, `,
  );
  const values = rows.map(
    (row) =>
      sql`(${sql.join(
        keys.map((key) => sql.param(row[key], columns[key])),
        sql`, `,
      )})`,
  );
  return sql`(${names}) values ${sql.join(values, sql`, `)}`;
}

/** `set column = excluded.column, ...` for each of `columns`. */
export const setFromExcluded = (columns: readonly PgColumn[]): SQL =>
  sql.join(
    columns.map((column) => sql`${bare(column)} = ${excluded(column)}`),
    sql`, `,
  );
