import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/api";
import { HISTORY_KEY } from "@client/lib/query-keys";

/** POST /api/subscriptions/{id}/demo (admins): e-mails the topic's next word now. */
export function useSendDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("POST", `/api/subscriptions/${id}/demo`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
  });
}
