import { useQuery } from "@tanstack/react-query";
import type { DueCard } from "@shared/api/learning";
import { REVIEW_DUE_LIMIT_MAX } from "@shared/api/learning-values";
import { apiRequest, readJson } from "@client/lib/api";
import { useAuth } from "@client/lib/auth";
import { forUser, REVIEW_DUE_KEY } from "@client/lib/query-keys";

/**
 * The cards due now, most overdue first, up to the most one answer holds (100): a session works through a
 * snapshot of them, and the dashboard counts them ("100+" at the cap).
 */
export function useDueCards() {
  const { user } = useAuth();
  return useQuery({
    queryKey: forUser(REVIEW_DUE_KEY, user?.id),
    enabled: Boolean(user),
    queryFn: async () =>
      readJson<DueCard[]>(await apiRequest("GET", `/api/review/due?limit=${REVIEW_DUE_LIMIT_MAX}`)),
  });
}
