import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GradeBody, GradeResponse } from "@shared/api/learning";
import { apiRequest, readJson } from "@client/lib/api";
import {
  HISTORY_KEY,
  PROGRESS_KEY,
  RECENT_ACTIVITY_KEY,
  STATS_KEY,
  TODAY_ACTIVITY_KEY,
} from "@client/lib/query-keys";

export interface GradeRequest extends GradeBody {
  cardId: number;
}

/** What a grade changes elsewhere: the progress figures, the tiles, and the graded marks on delivered words. */
const REFRESHED_BY_A_GRADE = [PROGRESS_KEY, STATS_KEY, RECENT_ACTIVITY_KEY, TODAY_ACTIVITY_KEY, HISTORY_KEY];

/**
 * Records a grade (POST /api/review/:cardId/grade) and answers when the card comes back. The due list is not
 * refreshed here: a session works through its own snapshot, and refreshes it when a new session starts.
 */
export function useGradeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cardId, ...body }: GradeRequest) =>
      readJson<GradeResponse>(await apiRequest("POST", `/api/review/${cardId}/grade`, body)),
    onSuccess: () => {
      for (const queryKey of REFRESHED_BY_A_GRADE) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
