import { useMutation } from "@tanstack/react-query";
import type { TeamRequestInput } from "@shared/api/teams";
import { teamRequestResponseSchema } from "@shared/api/teams";
import { apiRequest, readJson } from "@client/lib/api";

/** POST /api/team-requests: the stored request's id and the acknowledgement to show. */
export function useSendTeamRequest() {
  return useMutation({
    mutationFn: async (body: TeamRequestInput) =>
      teamRequestResponseSchema.parse(await readJson(await apiRequest("POST", "/api/team-requests", body))),
  });
}
