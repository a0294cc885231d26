import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { refreshSubscriptionViews } from "./refresh";

/** DELETE /api/subscriptions/{id}. Callers show their own toasts (the page and the modal word them differently). */
export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `/api/subscriptions/${id}`);
    },
    onSuccess: () => refreshSubscriptionViews(queryClient),
  });
}
