import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/api";
import { patchCachedSubscriptions, refreshSubscriptionViews } from "./refresh";

/** DELETE /api/subscriptions/{id}. Callers show their own toasts (the page and the modal word them differently). */
export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `/api/subscriptions/${id}`);
    },
    onSuccess: (_answer, id) => {
      patchCachedSubscriptions(queryClient, (list) => list.filter((item) => item.id !== id));
      void refreshSubscriptionViews(queryClient);
    },
  });
}
