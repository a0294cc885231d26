import { ApiError } from "@client/lib/api";

/** The server's own words for a failed call (`{message}`), else the given fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.body?.message?.trim() || fallback;
  return fallback;
}
