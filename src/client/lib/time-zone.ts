import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { User } from "@shared/api/auth";
import { apiRequest } from "./api";
import { AUTH_USER_KEY } from "./query-keys";

let sent = false;

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Deliveries are scheduled in the user's zone: a user who signed in without one (an OpenID provider
 * does not send it) gets the browser's IANA zone, once.
 */
export function useTimeZoneSync(user: User | null): void {
  const queryClient = useQueryClient();
  const missing = user !== null && user.timeZone === null;
  useEffect(() => {
    // Asked only when it is missing: a page's first Intl call loads the locale data, 40 to 70 ms of the main thread
    // on a 2-core host (session 46), which a member whose zone is known never needs to pay on opening the app.
    if (!missing || sent) return;
    const timeZone = browserTimeZone();
    if (!timeZone) return;
    sent = true;
    apiRequest("POST", "/api/auth/time-zone", { timeZone })
      .then(() =>
        queryClient.setQueryData<User | null>(AUTH_USER_KEY, (old) => (old ? { ...old, timeZone } : old)),
      )
      .catch((error: unknown) => console.warn("Could not save the time zone", error));
  }, [missing, queryClient]);
}
