import { useMutation } from "@tanstack/react-query";
import type { PronunciationCheckResponse } from "@shared/api/admin";
import { apiRequest, readJson } from "@client/lib/api";

/** GET /api/test/pronunciation/existing: run on demand (a button), so it is a mutation, not a cached query. */
export function usePronunciationCheck() {
  return useMutation({
    mutationFn: async (topicId: number | null) =>
      readJson<PronunciationCheckResponse>(
        await apiRequest(
          "GET",
          topicId === null
            ? "/api/test/pronunciation/existing"
            : `/api/test/pronunciation/existing?topicId=${topicId}`,
        ),
      ),
  });
}
