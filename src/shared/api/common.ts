import { z } from "zod";

/** The body of every error answer. */
export const errorBodySchema = z.object({ message: z.string(), code: z.string().optional() }).passthrough();
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageSchema = z.object({ message: z.string() });

/** An ISO-8601 instant as it crosses the wire. */
export const isoDate = z.string();

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const isIanaTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value.length > 0 && value.length <= 64;
  } catch {
    return false;
  }
};

export const timeZoneSchema = z.string().refine(isIanaTimeZone, { message: "Unknown time zone" });
