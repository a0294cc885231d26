import { type SQL, sql } from "drizzle-orm";

/**
 * A check constraint's `in (…)` list from a list of our own constants (the channel registry's names), so a check
 * never spells the values out again. The values are ours, never user input; quotes are doubled all the same.
 */
export const sqlValueList = (values: readonly string[]): SQL =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));
