import { useQuery } from "@tanstack/react-query";
import type { AdminOperations, AdminStatsRow } from "@shared/api/admin";
import { useIsAdmin } from "./admin-query";
import { ADMIN_OPERATIONS_KEY, ADMIN_STATS_KEY } from "@client/lib/query-keys";

/** GET /api/admin/stats: live words per topic. */
export function useAdminStats() {
  return useQuery<AdminStatsRow[]>({ queryKey: ADMIN_STATS_KEY, enabled: useIsAdmin() });
}

/** GET /api/admin/operations: the operations overview, refreshed every minute while open. */
export function useAdminOperations() {
  return useQuery<AdminOperations>({
    queryKey: ADMIN_OPERATIONS_KEY,
    enabled: useIsAdmin(),
    refetchInterval: 60_000,
  });
}
