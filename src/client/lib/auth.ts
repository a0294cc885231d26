import { useQuery } from "@tanstack/react-query";
import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import type { User } from "@shared/api/auth";
import { getQueryFn } from "./api";
import { AUTH_USER_KEY } from "./query-keys";

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/**
 * The signed-in user (learner-core §3 "User"): if /api/auth/user returns data, the visitor is signed in. Read once, by
 * AuthProvider at the app's root; every component reads it from there. (Each caller had its own TanStack observer: the
 * dashboard built 21 of them, each subscribing when a phone took the server's drawing over; issue 25.)
 */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth() is only for components inside <AuthProvider> (app.tsx)");
  return state;
}

const AuthContext = createContext<AuthState | null>(null);

/** Reads the user for everything under it (app.tsx, and the prerendered public pages). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isLoading } = useQuery<User | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn({ on401: "returnNull" }),
  });
  const user = data ?? null;
  const state = useMemo(() => ({ user, isLoading, isAuthenticated: user !== null }), [user, isLoading]);
  return createElement(AuthContext.Provider, { value: state }, children);
}

/**
 * The name the menus show (learner-core §1: first name or e-mail, capitalised). Without a first name, the part of
 * the address before the @ (issue 17): "ada.l" rather than a truncated "Ada.l@example.c…".
 */
export function displayName(user: Pick<User, "firstName" | "email">): string {
  const name = user.firstName?.trim() || user.email.split("@")[0] || user.email;
  return name.charAt(0).toUpperCase() + name.slice(1);
}
