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
    const timeZone = browserTimeZone();
    if (!missing || sent || !timeZone) return;
    sent = true;
    apiRequest("POST", "/api/auth/time-zone", { timeZone })
      .then(() =>
        queryClient.setQueryData<User | null>(AUTH_USER_KEY, (old) => (old ? { ...old, timeZone } : old)),
      )
      .catch((error: unknown) => console.warn("Could not save the time zone", error));
  }, [missing, queryClient]);
}
