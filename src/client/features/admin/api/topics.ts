import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminCreateTopicRequest } from "@shared/api/admin";
import type { Topic } from "@shared/api/topics";
import { apiRequest, readJson } from "@client/lib/api";
import { useIsAdmin } from "./admin-query";
import { ADMIN_STATS_KEY, TOPICS_KEY } from "@client/lib/query-keys";

/** The same cache entry as the rest of the app's topic list, so a new topic shows everywhere. */

export function useAdminTopics() {
  return useQuery<Topic[]>({ queryKey: TOPICS_KEY, enabled: useIsAdmin() });
}

/** POST /api/admin/topics */
export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (topic: AdminCreateTopicRequest) =>
      readJson<Topic>(await apiRequest("POST", "/api/admin/topics", topic)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TOPICS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      ]),
  });
}
