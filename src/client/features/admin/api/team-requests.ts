import { useQuery } from "@tanstack/react-query";
import type { AdminTeamRequest } from "@shared/api/teams";
import { ADMIN_TEAM_REQUESTS_KEY } from "@client/lib/query-keys";
import { useIsAdmin } from "./admin-query";

/** GET /api/admin/team-requests: the Teams form's requests, newest first. */
export function useAdminTeamRequests() {
  return useQuery<AdminTeamRequest[]>({ queryKey: ADMIN_TEAM_REQUESTS_KEY, enabled: useIsAdmin() });
}
