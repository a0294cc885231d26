import { useQuery } from "@tanstack/react-query";
import type { Stats } from "@shared/api/stats";
import { useAuth } from "@client/lib/auth";
import { forUser, STATS_KEY } from "@client/lib/query-keys";

export function useStats() {
  const { user } = useAuth();
  return useQuery<Stats>({ queryKey: forUser(STATS_KEY, user?.id), enabled: Boolean(user) });
}
