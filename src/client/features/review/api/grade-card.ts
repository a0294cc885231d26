import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GradeBody, GradeResponse } from "@shared/api/learning";
import type { DeliveredItem, NotificationItem } from "@shared/api/notifications";
import { apiRequest, readJson } from "@client/lib/api";
import {
  HISTORY_KEY,
  PROGRESS_KEY,
  RECENT_ACTIVITY_KEY,
  REVIEW_DUE_KEY,
  STATS_KEY,
  TODAY_ACTIVITY_KEY,
} from "@client/lib/query-keys";
import { withAnsweredNotification, withAnsweredWord } from "../answered-word";

export interface GradeRequest extends GradeBody {
  cardId: number;
}

/**
 * What a grade changes elsewhere: the progress figures, the tiles, the due count, and the graded marks on delivered
 * words. A running /review session keeps its own snapshot of the due cards, so refreshing them does not move it.
 */
const REFRESHED_BY_A_GRADE = [
  PROGRESS_KEY,
  STATS_KEY,
  RECENT_ACTIVITY_KEY,
  TODAY_ACTIVITY_KEY,
  HISTORY_KEY,
  REVIEW_DUE_KEY,
];

/**
 * Records a grade (POST /api/review/:cardId/grade) and answers when the card comes back. Wherever it was given
 * (/review, the bell, Today's Learning), every cached place that shows the word shows the answer at once, and its
 * notification reads as read (the server marks it too); then those lists are refreshed from the server.
 */
export function useGradeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cardId, ...body }: GradeRequest) =>
      readJson<GradeResponse>(await apiRequest("POST", `/api/review/${cardId}/grade`, body)),
    onSuccess: async (result, { cardId }) => {
      // A poll already on its way would bring the list from before the grade back.
      await queryClient.cancelQueries({ queryKey: RECENT_ACTIVITY_KEY });
      queryClient.setQueryData<NotificationItem[]>(RECENT_ACTIVITY_KEY, (items) =>
        items ? withAnsweredNotification(items, cardId, result, new Date().toISOString()) : items,
      );
      queryClient.setQueriesData<DeliveredItem[]>({ queryKey: TODAY_ACTIVITY_KEY }, (items) =>
        items ? withAnsweredWord(items, cardId, result) : items,
      );
      for (const queryKey of REFRESHED_BY_A_GRADE) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
