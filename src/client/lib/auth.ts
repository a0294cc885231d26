import { useQuery } from "@tanstack/react-query";
import type { User } from "@shared/api/auth";
import { getQueryFn } from "./api";
import { AUTH_USER_KEY } from "./query-keys";

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/** The signed-in user (learner-core §3 "User"): if /api/auth/user returns data, the visitor is signed in. */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery<User | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn({ on401: "returnNull" }),
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

/**
 * The name the menus show (learner-core §1: first name or e-mail, capitalised). Without a first name, the part of
 * the address before the @ (issue 17): "ada.l" rather than a truncated "Ada.l@example.c…".
 */
export function displayName(user: Pick<User, "firstName" | "email">): string {
  const name = user.firstName?.trim() || user.email.split("@")[0] || user.email;
  return name.charAt(0).toUpperCase() + name.slice(1);
}
