import { useQuery } from "@tanstack/react-query";
import type { DueAfter, GradePreviews } from "@shared/api/learning";
import { apiRequest, readJson } from "@client/lib/api";
import { useAuth } from "@client/lib/auth";
import { forUser, GRADE_PREVIEWS_KEY } from "@client/lib/query-keys";

/**
 * When each of these cards would come back after each grade (GET /api/review/previews), by card id: for grade buttons
 * shown on words of a list that does not carry it (the notification dropdown: its list is polled every 2 s, and the
 * preview was most of the poll's cost). Asks nothing for no cards; asks again each time the words are shown anew
 * (the preview is of the moment), showing the last answer meanwhile.
 */
export function useGradePreviews(cardIds: readonly number[]): {
  previews: ReadonlyMap<number, DueAfter>;
  /** Asked and not yet answered: the buttons keep room for their intervals meanwhile. */
  pending: boolean;
} {
  const { user } = useAuth();
  const ids = [...new Set(cardIds)].sort((a, b) => a - b);
  const { data, isPending } = useQuery({
    queryKey: forUser(GRADE_PREVIEWS_KEY, user?.id, ids.join(",")),
    enabled: Boolean(user) && ids.length > 0,
    staleTime: 0,
    queryFn: async () =>
      readJson<GradePreviews>(await apiRequest("GET", `/api/review/previews?cardIds=${ids.join(",")}`)),
  });
  return {
    previews: new Map((data ?? []).map(({ cardId, dueAfter }) => [cardId, dueAfter])),
    pending: ids.length > 0 && isPending,
  };
}
