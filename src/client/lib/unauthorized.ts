import { UNAUTHORIZED_REDIRECT_DELAY_MS } from "@shared/constants";
import { toastThenNavigate } from "./toast";

export const LOGIN_PATH = "/api/login";
export const LOGOUT_PATH = "/api/logout";

/** learner-core §8: an error counts as "logged out" when its message matches 401 with 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

let redirecting = false;

/**
 * The signed-in area's answer to a lost session: the toast, then the login page 500 ms after it shows.
 * Several failing calls at once still give one toast and one navigation.
 */
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  toastThenNavigate(
    { title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" },
    LOGIN_PATH,
    UNAUTHORIZED_REDIRECT_DELAY_MS,
  );
}
