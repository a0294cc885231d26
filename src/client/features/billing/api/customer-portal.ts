import { useMutation } from "@tanstack/react-query";
import { apiRequest, readJson } from "@client/lib/api";

/** POST /api/create-customer-portal: the provider's portal URL (the caller opens it in a new tab). */
export function useCustomerPortal() {
  return useMutation({
    mutationFn: async () =>
      readJson<{ url: string }>(await apiRequest("POST", "/api/create-customer-portal")),
  });
}
