import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminBulkRequest, AdminBulkResponse, AdminWord, AdminWordRequest } from "@shared/api/admin";
import { apiRequest, readJson } from "@client/lib/api";
import { useIsAdmin } from "./admin-query";
import { ADMIN_STATS_KEY, adminContentKey } from "@client/lib/query-keys";

/** GET /api/admin/content?topicId=: the topic's live words, alphabetically. */
export function useAdminWords(topicId: number | null) {
  return useQuery<AdminWord[]>({
    queryKey: adminContentKey(topicId),
    enabled: useIsAdmin() && topicId !== null,
  });
}

/** After any word change: that topic's list and the per-topic counts. */
function useRefreshContent() {
  const queryClient = useQueryClient();
  return (...topicIds: number[]) =>
    Promise.all([
      ...topicIds.map((topicId) => queryClient.invalidateQueries({ queryKey: adminContentKey(topicId) })),
      queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
    ]);
}

export function useCreateWord() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: async (word: AdminWordRequest) =>
      readJson<AdminWord>(await apiRequest("POST", "/api/admin/content", word)),
    onSuccess: (word) => refresh(word.topicId),
  });
}

export function useUpdateWord() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: async ({
      id,
      previousTopicId: _previous,
      ...word
    }: AdminWordRequest & { id: number; previousTopicId: number }) =>
      readJson<AdminWord>(await apiRequest("PUT", `/api/admin/content/${id}`, word)),
    onSuccess: (word, variables) => refresh(word.topicId, variables.previousTopicId),
  });
}

export function useDeleteWord() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: async ({ id }: { id: number; topicId: number }) =>
      readJson<{ message: string; id: number }>(await apiRequest("DELETE", `/api/admin/content/${id}`)),
    onSuccess: (_result, variables) => refresh(variables.topicId),
  });
}

export function useBulkUpload() {
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: async (upload: AdminBulkRequest) =>
      readJson<AdminBulkResponse>(await apiRequest("POST", "/api/admin/content/bulk", upload)),
    onSuccess: (_result, variables) => refresh(Number(variables.topicId)),
  });
}
