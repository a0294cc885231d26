import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  PhoneStatus,
  SendPhoneCodeRequest,
  VerifyPhoneRequest,
  VerifyPhoneResponse,
} from "@shared/api/phone";
import { ApiError, apiRequest, readJson } from "@client/lib/api";
import { AUTH_USER_KEY, PREFERENCES_KEY } from "@client/lib/query-keys";

/** The server's message for a refused request, or a general one (network down, unexpected answer). */
export function phoneErrorMessage(error: unknown): string {
  if (error instanceof ApiError && typeof error.body?.message === "string") return error.body.message;
  return "Something went wrong. Please try again.";
}

/**
 * The region of the browser's language ("en-GB" → "GB"), so a number typed the national way ("07911 123456")
 * can be read; without one the server asks for the +country code.
 */
export function browserRegion(): string | undefined {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    return region && /^[A-Z]{2}$/.test(region) ? region : undefined;
  } catch {
    return undefined;
  }
}

function useRefreshPhone() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY }),
      queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    ]);
}

/** POST /api/user/phone: stores the number and texts it a code. */
export function useSendPhoneCode() {
  const refresh = useRefreshPhone();
  return useMutation({
    mutationFn: async (body: SendPhoneCodeRequest) =>
      readJson<PhoneStatus>(await apiRequest("POST", "/api/user/phone", body)),
    onSuccess: refresh,
  });
}

/** POST /api/user/phone/verify */
export function useVerifyPhone() {
  const refresh = useRefreshPhone();
  return useMutation({
    mutationFn: async (body: VerifyPhoneRequest) =>
      readJson<VerifyPhoneResponse>(await apiRequest("POST", "/api/user/phone/verify", body)),
    onSuccess: refresh,
  });
}

/** DELETE /api/user/phone */
export function useRemovePhone() {
  const refresh = useRefreshPhone();
  return useMutation({
    mutationFn: async () => readJson<PhoneStatus>(await apiRequest("DELETE", "/api/user/phone")),
    onSuccess: refresh,
  });
}
