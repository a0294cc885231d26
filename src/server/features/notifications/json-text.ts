import { Column, is, SQL, sql, type SQLWrapper } from "drizzle-orm";

// JSON text written by PostgreSQL, as JSON.stringify writes it: the poll's words and topics are kept as PostgreSQL
// writes them (library-fragments.ts).

/** Values of a JSON object written by PostgreSQL: SQL values, or nested objects of them. */
export interface JsonFields {
  [key: string]: SQLWrapper | JsonText | JsonFields;
}

/** A value that is JSON text already (an object written by jsonMembers in a subquery): it goes in as it is. */
export class JsonText {
  constructor(readonly text: SQLWrapper) {}
}

/**
 * SQL for the members of a JSON object as text, written as JSON.stringify writes them ("key":value, no spaces; the
 * braces are the caller's): each value through to_json, so strings are escaped as JSON, SQL nulls are null.
 */
export function jsonMembers(fields: JsonFields): SQL {
  const members = Object.entries(fields).map(([key, value], index) => {
    const name = sql.raw(`'${index === 0 ? "" : ","}${JSON.stringify(key)}:'`);
    if (value instanceof JsonText) return sql`${name} || coalesce(${value.text}, 'null')`;
    return is(value, SQL) || is(value, Column)
      ? sql`${name} || coalesce(to_json(${value})::text, 'null')`
      : sql`${name} || ${jsonObject(value as JsonFields)}`;
  });
  return sql`(${sql.join(members, sql` || `)})`;
}

/** SQL for a JSON object as text, with its braces (see jsonMembers). */
export const jsonObject = (fields: JsonFields) => sql<string>`('{' || ${jsonMembers(fields)} || '}')`;

/**
 * An integer's JSON is its text: written so rather than through to_json, which looks the value's type up again on
 * every row (5% of the read's CPU).
 */
export const jsonInteger = (value: SQLWrapper) => new JsonText(sql`(${value})::text`);
