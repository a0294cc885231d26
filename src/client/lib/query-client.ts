import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { DATA_CACHE_GC_TIME_MS, DATA_CACHE_STALE_TIME_MS } from "@shared/constants";
import { getQueryFn } from "./api";
import { handleUnauthorized, isUnauthorizedError } from "./unauthorized";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

interface QueryMeta extends Record<string, unknown> {
  /** "ignore": this call handles its own 401 (none of the signed-in area's do). */
  unauthorized?: "ignore";
}

/**
 * Every 401 of a query or mutation sends the user to sign in again (learner-core §4 "Session").
 * Pages that show their own error toast should skip it when isUnauthorizedError(error) is true,
 * or theirs would replace the 'Unauthorized' one (only one toast shows at a time).
 */
function onError(error: unknown, meta: QueryMeta | undefined): void {
  if (meta?.unauthorized !== "ignore" && isUnauthorizedError(error)) handleUnauthorized();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: DATA_CACHE_STALE_TIME_MS,
        gcTime: DATA_CACHE_GC_TIME_MS,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
