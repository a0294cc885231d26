import { useMutation } from "@tanstack/react-query";
import type { DeleteAccountRequest } from "@shared/api/account";
import { apiRequest, readJson } from "@client/lib/api";

/** POST /api/user/delete-account. On success the session is gone: the caller reloads into the visitor app. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (body: DeleteAccountRequest) =>
      readJson<{ message: string }>(await apiRequest("POST", "/api/user/delete-account", body)),
  });
}
