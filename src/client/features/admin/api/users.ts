import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminUpdateUserRequest } from "@shared/api/admin";
import type { User } from "@shared/api/auth";
import type { LastChargeResponse } from "@shared/api/admin";
import type { RefundResponse } from "@shared/api/billing";
import { apiRequest, readJson } from "@client/lib/api";
import { useIsAdmin } from "./admin-query";
import { ADMIN_USERS_KEY, AUTH_USER_KEY } from "@client/lib/query-keys";

export function useAdminUsers() {
  return useQuery<User[]>({ queryKey: ADMIN_USERS_KEY, enabled: useIsAdmin() });
}

/** PUT /api/admin/users/{id}; an admin editing themselves also refreshes their own session user. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...change }: AdminUpdateUserRequest & { id: string }) =>
      readJson<User>(await apiRequest("PUT", `/api/admin/users/${encodeURIComponent(id)}`, change)),
    onSuccess: (updated) => {
      queryClient.setQueryData<User[]>(ADMIN_USERS_KEY, (users) =>
        users?.map((user) => (user.id === updated.id ? updated : user)),
      );
      const me = queryClient.getQueryData<User | null>(AUTH_USER_KEY);
      if (me?.id === updated.id) return queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      return undefined;
    },
  });
}

const lastChargeUrl = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/last-charge`;

/** GET /api/admin/users/{id}/last-charge: what "Refund last payment" would return, or why nothing can be. */
export function useLastCharge(userId: string) {
  return useQuery<LastChargeResponse>({ queryKey: [lastChargeUrl(userId)], enabled: useIsAdmin() });
}

/** POST /api/admin/users/{id}/refund; the list and the button then read the learner's new state (Free, refunded). */
export function useRefundLastCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      readJson<RefundResponse>(
        await apiRequest("POST", `/api/admin/users/${encodeURIComponent(userId)}/refund`),
      ),
    onSettled: (_answer, _error, userId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: [lastChargeUrl(userId)] }),
      ]),
  });
}
