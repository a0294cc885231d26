import { useQuery } from "@tanstack/react-query";
import type { HistoryEntry } from "@shared/api/history";
import { HISTORY_MAX_PAGE_SIZE } from "@shared/api/history-values";
import { apiRequest, readJson } from "@client/lib/api";
import { useAuth } from "@client/lib/auth";
import { forUser, HISTORY_KEY } from "@client/lib/query-keys";
import type { KnownWord } from "../choices";

/**
 * The words delivered to this user lately (one history page of the most the server gives, 200), as the pool
 * multiple-choice questions take their other definitions from: only words the learner has already met.
 */
export function useKnownWords(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: forUser(HISTORY_KEY, user?.id, "known-words"),
    enabled: enabled && Boolean(user),
    staleTime: Infinity,
    queryFn: async (): Promise<KnownWord[]> => {
      const response = await apiRequest("GET", `/api/history?limit=${HISTORY_MAX_PAGE_SIZE}`);
      return (await readJson<HistoryEntry[]>(response)).map(({ content }) => ({
        word: content.word,
        definition: content.definition,
        topic: content.topic.name,
      }));
    },
  });
}
