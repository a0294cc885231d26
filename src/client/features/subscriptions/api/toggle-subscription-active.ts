import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Subscription } from "@shared/api/subscriptions";
import { apiRequest, readJson } from "@client/lib/api";
import { useAuth } from "@client/lib/auth";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { patchCachedSubscriptions, refreshSubscriptionViews } from "./refresh";
import { planErrorOf } from "./plan-error";
import { subscriptionsKey } from "@client/lib/query-keys";

/**
 * Switches a subscription on or off. The spec sends `PATCH {active}` from the dashboard and `PUT {active}`
 * from the subscriptions page; both answer the updated subscription. The switch moves at once and moves
 * back if the server says no (switching on may exceed the plan's limit).
 */
export function useToggleSubscriptionActive({ method = "PATCH" }: { method?: "PATCH" | "PUT" } = {}) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = subscriptionsKey(user?.id);
  return useMutation({
    mutationFn: async ({ id, active }: { id: number; active: boolean }) =>
      readJson<Subscription>(await apiRequest(method, `/api/subscriptions/${id}`, { active })),
    onMutate: async ({ id, active }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Subscription[]>(key);
      queryClient.setQueryData<Subscription[]>(key, (list) =>
        list?.map((item) => (item.id === id ? { ...item, active } : item)),
      );
      return { previous };
    },
    onSuccess: (updated) => {
      patchCachedSubscriptions(queryClient, (list) =>
        list.map((item) => (item.id === updated.id ? updated : item)),
      );
      toast({ title: "Subscription updated successfully", variant: "success" });
    },
    onError: (error, _variables, context) => {
      queryClient.setQueryData(key, context?.previous);
      if (isUnauthorizedError(error)) return;
      // A plan limit says why in the server's words; anything else gets the spec's generic text.
      toast({
        title: "Error",
        description: planErrorOf(error)?.message ?? "Failed to update subscription",
        variant: "destructive",
      });
    },
    onSettled: () => void refreshSubscriptionViews(queryClient),
  });
}
