import type { RouteOptions } from "fastify";
import { z } from "zod";
import { handlerParsedBody } from "@shared/api/common";

/**
 * What the route fuzzer and the authorization matrix know about a route: read from the route table Fastify built
 * (see `TestApp.routes`), never listed by hand, so a new route is covered the day it is added.
 */
export interface RouteUnderTest {
  method: string;
  url: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** The declared body schema, or the one its handler parses (`parsedInHandler`). */
  body?: z.ZodType;
}

/** Every (method, url) the app serves, once, with its zod schemas. HEAD twins of GET routes are left out. */
export function routesUnderTest(routes: readonly RouteOptions[]): RouteUnderTest[] {
  const seen = new Set<string>();
  const list: RouteUnderTest[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
      const body = handlerParsedBody(schema.body) ?? asZod(schema.body);
      list.push({
        method,
        url: route.url,
        ...(asZod(schema.params) ? { params: asZod(schema.params) } : {}),
        ...(asZod(schema.querystring) ? { querystring: asZod(schema.querystring) } : {}),
        ...(body ? { body } : {}),
      });
    }
  }
  return list;
}

const asZod = (value: unknown): z.ZodType | undefined => (value instanceof z.ZodType ? value : undefined);

export const pathParamNames = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

export const fillPath = (url: string, values: Record<string, string>): string =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeURIComponent(values[name] ?? ""));

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of an object schema, seen through optional/default/pipe/refinement wrappers; {} for anything else. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  for (let current = schema, depth = 0; current && depth < 10; depth += 1) {
    const def = defOf(current);
    if (def.type === "object") return def.shape ?? {};
    current = def.innerType ?? def.in ?? def.options?.[0];
  }
  return {};
}

/** The type a field accepts on input, seen through wrappers (for instance "number" for an id, "enum" for a plan). */
function inputDef(schema: z.ZodType): Def {
  let def = defOf(schema);
  for (let depth = 0; depth < 10; depth += 1) {
    const inner = def.innerType ?? def.in;
    if (!inner) break;
    def = defOf(inner);
  }
  return def;
}

const isOptional = (schema: z.ZodType): boolean => schema.safeParse(undefined).success;

/**
 * A value the field accepts: `known` values by field name first (ids of the caller's own objects, a real time
 * zone...), then one derived from its type. Best effort: the callers check the whole object with the schema.
 */
function sampleField(name: string, schema: z.ZodType, known: Record<string, unknown>): unknown {
  if (name in known) return known[name];
  const def = inputDef(schema);
  switch (def.type) {
    case "enum":
      return Object.values(def.entries ?? {})[0];
    case "literal":
      return def.values?.[0];
    case "boolean":
      return true;
    case "number":
      return 1;
    case "array":
      return def.element ? [sampleField(name, def.element, known)] : [];
    case "object":
      return sampleObject(schema, known);
    case "union":
      return def.options?.[0] ? sampleField(name, def.options[0], known) : "x";
    default:
      return "sample";
  }
}

/** An object the schema should accept: its required fields (and the optional ones `known` names), sampled. */
export function sampleObject(
  schema: z.ZodType | undefined,
  known: Record<string, unknown>,
): Record<string, unknown> {
  const sample: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(objectShape(schema))) {
    if (isOptional(field) && !(name in known)) continue;
    sample[name] = sampleField(name, field, known);
  }
  return sample;
}

const HUGE_TEXT = "x".repeat(10_000);

/** Field values no schema should let through to the database or a date library: each must be a 4xx at worst. */
export const BAD_JSON_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  1e308,
  "2147483648",
  "NaN",
  "Infinity",
  "",
  "9999-12-31",
  "0000-00-00",
  "2025-02-30",
  "+275760-09-13T00:00:00.000Z",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\ud800",
  HUGE_TEXT,
  [],
  [2 ** 31],
  { $gt: "" },
];

/** Path segments and query values, as text. */
export const BAD_TEXT_VALUES: readonly string[] = [
  "0",
  "-1",
  "1.5",
  "2147483648",
  "9007199254740993",
  "1e308",
  "NaN",
  "Infinity",
  "0x10",
  "abc",
  " ",
  "9999-12-31",
  "0000-00-00",
  "2025-02-30",
  "a\u0000b",
  "%",
  "x".repeat(3_000),
];
