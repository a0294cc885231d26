import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminUpdateUserRequest } from "@shared/api/admin";
import type { User } from "@shared/api/auth";
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
