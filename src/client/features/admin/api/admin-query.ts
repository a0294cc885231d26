import { useAuth } from "@client/lib/auth";

/** Admin data is fetched only for admins (plans-billing §6): every admin hook passes this as `enabled`. */
export function useIsAdmin(): boolean {
  const { user } = useAuth();
  return user?.isAdmin === true;
}

/** Reads the server's `{ message }` from an ApiError, for a toast's description. */
export function serverMessage(error: unknown): string | undefined {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  return typeof body?.message === "string" ? body.message : undefined;
}
