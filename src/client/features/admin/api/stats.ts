import { useQuery } from "@tanstack/react-query";
import type { AdminStatsRow } from "../../../../shared/api/admin";
import { useIsAdmin } from "./admin-query";
import { ADMIN_STATS_KEY } from "../../../lib/query-keys";

/** GET /api/admin/stats: live words per topic. */
export function useAdminStats() {
  return useQuery<AdminStatsRow[]>({ queryKey: ADMIN_STATS_KEY, enabled: useIsAdmin() });
}
