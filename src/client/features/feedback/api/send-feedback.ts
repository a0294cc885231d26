import { useMutation } from "@tanstack/react-query";
import type { FeedbackRequest } from "@shared/api/feedback";
import { apiRequest } from "@client/lib/api";

/** POST /api/feedback (the answer is not used: plans-billing §7). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: async (body: FeedbackRequest) => {
      await apiRequest("POST", "/api/feedback", body);
    },
  });
}
