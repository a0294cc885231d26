import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { HistoryEntry } from "@shared/api/history";
import { HISTORY_NEXT_CURSOR_HEADER } from "@shared/api/history-values";
import { apiRequest, readJson } from "@client/lib/api";
import { useAuth } from "@client/lib/auth";
import { forUser, HISTORY_KEY } from "@client/lib/query-keys";

export interface HistoryFilters {
  /** A local calendar day "YYYY-MM-DD"; null shows every day. */
  date: string | null;
  /** Searched in the word and the definition, ignoring case. */
  search: string;
}

interface HistoryPage {
  entries: HistoryEntry[];
  nextCursor: string | null;
}

async function fetchHistoryPage(params: Record<string, string | undefined>, signal: AbortSignal) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const response = await apiRequest("GET", `/api/history?${query.toString()}`);
  if (signal.aborted) throw signal.reason;
  return {
    entries: await readJson<HistoryEntry[]>(response),
    nextCursor: response.headers.get(HISTORY_NEXT_CURSOR_HEADER),
  };
}

/**
 * The history for one day and search, newest first, a page at a time (the server filters and pages).
 * While new filters load, the previous list stays on screen instead of a flash of skeletons.
 */
export function useHistory(filters: HistoryFilters) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: forUser(HISTORY_KEY, user?.id, filters),
    enabled: Boolean(user),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }): Promise<HistoryPage> =>
      fetchHistoryPage(
        { date: filters.date ?? undefined, q: filters.search.trim() || undefined, cursor: pageParam },
        signal,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether the user has any history at all: tells 'No learning history yet' from 'No results found' when the
 * filters leave nothing. Asked for a single entry whenever a filter is set (the page opens on today's), beside the
 * filtered list rather than after it: an empty day then costs one round trip, not two, before the page is drawn.
 */
export function useHasAnyHistory(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: forUser(HISTORY_KEY, user?.id, "any"),
    enabled: enabled && Boolean(user),
    queryFn: async ({ signal }) => (await fetchHistoryPage({ limit: "1" }, signal)).entries.length > 0,
  });
}
