import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CreateSubscriptionRequest,
  EditSubscriptionRequest,
  Subscription,
} from "@shared/api/subscriptions";
import { apiRequest, readJson } from "@client/lib/api";
import { patchCachedSubscriptions, refreshSubscriptionViews } from "./refresh";

/** POST /api/subscriptions; answers the new subscription (with its nextDelivery). */
export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateSubscriptionRequest) =>
      readJson<Subscription>(await apiRequest("POST", "/api/subscriptions", input)),
    onSuccess: (created) => {
      patchCachedSubscriptions(queryClient, (list) => [
        ...list.filter((item) => item.id !== created.id),
        created,
      ]);
      void refreshSubscriptionViews(queryClient);
    },
  });
}

/** PATCH /api/subscriptions/{id} with the whole form. */
export function useEditSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: EditSubscriptionRequest }) =>
      readJson<Subscription>(await apiRequest("PATCH", `/api/subscriptions/${id}`, input)),
    onSuccess: (updated) => {
      patchCachedSubscriptions(queryClient, (list) =>
        list.map((item) => (item.id === updated.id ? updated : item)),
      );
      void refreshSubscriptionViews(queryClient);
    },
  });
}
