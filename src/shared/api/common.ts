import { z } from "zod";

/** The body of every error answer. */
export const errorBodySchema = z.object({ message: z.string(), code: z.string().optional() }).passthrough();
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageSchema = z.object({ message: z.string() });

/** An ISO-8601 instant as it crosses the wire. */
export const isoDate = z.string();

// ---- Input primitives ------------------------------------------------------------------------------------------
// Every id, day, cursor and text field a client sends is range-checked here, so input PostgreSQL cannot hold (an id
// past `integer`, a year 9999 day, a NUL byte) is a 400 naming the field instead of a database error. See
// docs/architecture.md, "Input validation".

/** Our ids are PostgreSQL `integer` (serial) columns: 1..2^31-1. */
export const MAX_ID = 2_147_483_647;

export const idRangeMessage = (label: string) => `${label} must be a whole number between 1 and ${MAX_ID}`;

/**
 * An id in a JSON body. `missing` is the message for an absent, non-numeric or non-positive value where the spec
 * words it (e.g. "Please select a topic"); an id past the range always gets the range message.
 */
export function bodyIdSchema(label: string, missing?: string) {
  const range = idRangeMessage(label);
  return z
    .number({ error: missing ?? range })
    .int({ error: missing ?? range })
    .min(1, { error: missing ?? range })
    .max(MAX_ID, { error: range });
}

/** Only plain decimal digits count as a number in a path or query string: no "1e3", "0x10", " " or "Infinity". */
const DIGITS = /^\s*\d{1,20}\s*$/;

/**
 * An id in a path, a query string or a form-ish body that may send it as text: digits or a number, then the same
 * range as `bodyIdSchema`.
 */
export function coercedIdSchema(label: string, missing?: string) {
  return z
    .union([z.number(), z.string()], { error: missing ?? idRangeMessage(label) })
    .transform((value) => (typeof value === "string" ? (DIGITS.test(value) ? Number(value) : NaN) : value))
    .pipe(bodyIdSchema(label, missing));
}

/** Path parameters `{ id }` of every route addressing one row by its id. */
export const idParam = z.object({ id: coercedIdSchema("id") });

/** Days and instants a client may name: wide enough for any real use, narrow enough for every date library. */
export const FIRST_DAY = "2000-01-01";
export const LAST_DAY = "2100-12-31";
const FIRST_INSTANT_MS = Date.UTC(2000, 0, 1);
const AFTER_LAST_INSTANT_MS = Date.UTC(2101, 0, 1);

/** True for a real calendar day (no 2025-02-30) written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for an instant inside the window of `FIRST_DAY`..`LAST_DAY`. */
export const isInstantInWindow = (date: Date): boolean => {
  const ms = date.getTime();
  return Number.isFinite(ms) && ms >= FIRST_INSTANT_MS && ms < AFTER_LAST_INSTANT_MS;
};

/** A calendar day YYYY-MM-DD between `FIRST_DAY` and `LAST_DAY` (string comparison is date order here). */
export function dayOnlySchema(label: string) {
  return z
    .string({ error: `${label} must be YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be YYYY-MM-DD` })
    .refine(isCalendarDay, { error: `${label} must be a real day` })
    .refine((value) => value >= FIRST_DAY && value <= LAST_DAY, {
      error: `${label} must be between ${FIRST_DAY} and ${LAST_DAY}`,
    });
}

/** An opaque page cursor as the server hands it out (base64url); the server decodes and range-checks it. */
export const cursorSchema = z
  .string()
  .max(200, { error: "Invalid cursor" })
  .regex(/^[A-Za-z0-9_-]*$/, { error: "Invalid cursor" });

/**
 * C0 control characters other than tab, line feed and carriage return. PostgreSQL text cannot hold NUL at all, and
 * none of the others belongs in anything a person types.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
export const hasNoControlCharacters = (value: string): boolean => !CONTROL_CHARACTERS.test(value);
/** A lone UTF-16 surrogate (JSON can carry "\ud800") has no UTF-8 form: PostgreSQL refuses it as an invalid byte sequence. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text the database can store and a person could have typed: no control characters, no lone surrogates. */
export const isStorableText = (value: string): boolean =>
  hasNoControlCharacters(value) && !LONE_SURROGATE.test(value);
export const controlCharacterMessage = (label: string) => `${label} contains an invalid character`;

export interface TextLimits {
  /** Longest accepted length, after trimming. */
  max: number;
  /** Shortest accepted length, after trimming (none by default). */
  min?: number;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
  /** The spec's wording where it has one. */
  messages?: { required?: string; tooShort?: string; tooLong?: string };
}

/** Free text from a client: a string, trimmed, within length limits, without control characters. */
export function textSchema(label: string, limits: TextLimits) {
  const { max, min, trim = true, messages = {} } = limits;
  let schema = z.string({ error: messages.required ?? `${label} must be text` });
  if (trim) schema = schema.trim();
  if (min !== undefined) {
    schema = schema.min(min, {
      error:
        messages.tooShort ??
        (min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`),
    });
  }
  return schema
    .max(max, { error: messages.tooLong ?? `${label} must be at most ${max} characters` })
    .refine(isStorableText, { error: controlCharacterMessage(label) });
}

/**
 * Bodies some routes parse in the handler (after the sign-in check, so a visitor gets 401 before any 400, and with
 * the spec's messages as written). The route declares `parsedInHandler(schema)` as its body so the contract stays
 * readable from the route table: the route fuzzer and the authorization matrix find it here.
 */
const handlerParsedBodies = new WeakMap<z.ZodType, z.ZodType>();
export function parsedInHandler(schema: z.ZodType): z.ZodUnknown {
  const body = z.unknown();
  handlerParsedBodies.set(body, schema);
  return body;
}
/** The schema a route's handler parses its body with, when it declared one through `parsedInHandler`. */
export const handlerParsedBody = (body: unknown): z.ZodType | undefined =>
  body instanceof z.ZodType ? handlerParsedBodies.get(body) : undefined;

export const isIanaTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value.length > 0 && value.length <= 64;
  } catch {
    return false;
  }
};

export const timeZoneSchema = z
  .string({ error: "Unknown time zone" })
  .max(64, { error: "Unknown time zone" })
  .refine(isIanaTimeZone, { message: "Unknown time zone" });
