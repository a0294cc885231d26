import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { EMAIL_OPENED_PARAM } from "@shared/api/history-values";
import { apiRequest } from "@client/lib/api";
import { STATS_KEY } from "@client/lib/query-keys";

/**
 * An e-mail's "Open in Jargon" link lands here with its signed token. The server's GET records nothing (mail
 * scanners open links first); the signed-in page records the open with a POST, then drops the token from the
 * address bar so a reload or a shared URL does not send it again.
 */
export function useRecordEmailOpen(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get(EMAIL_OPENED_PARAM);
    if (!token) return;
    url.searchParams.delete(EMAIL_OPENED_PARAM);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
    apiRequest("POST", "/api/open", { token })
      .then(() => queryClient.invalidateQueries({ queryKey: STATS_KEY }))
      // Counting the open is a nicety; the page works the same without it.
      .catch(() => undefined);
  }, [queryClient]);
}
