import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { WordSearchResponse } from "@shared/api/search";
import { WORD_SEARCH_MIN_LENGTH } from "@shared/api/search-values";
import { apiRequest, readJson } from "@client/lib/api";
import { WORD_SEARCH_KEY } from "@client/lib/query-keys";

/**
 * The library's words and definitions matching `query` (issue 29: "arbitrage" finds Finance), once the query is long
 * enough to mean something; the last answer stays on screen while the next one loads.
 */
export function useWordSearch(query: string) {
  return useQuery<WordSearchResponse>({
    queryKey: [...WORD_SEARCH_KEY, query],
    enabled: query.length >= WORD_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    queryFn: async () =>
      readJson<WordSearchResponse>(
        await apiRequest("GET", `/api/search?${new URLSearchParams({ q: query }).toString()}`),
      ),
  });
}
