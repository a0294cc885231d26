import { useQuery } from "@tanstack/react-query";
import type { Stats } from "../../../../shared/api/stats";
import { useAuth } from "../../../lib/auth";

export function useStats() {
  const { user } = useAuth();
  return useQuery<Stats>({ queryKey: ["/api/stats", user?.id], enabled: Boolean(user) });
}
