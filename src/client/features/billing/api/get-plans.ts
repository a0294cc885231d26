import { useQuery } from "@tanstack/react-query";
import type { Plan } from "@shared/api/billing";
import { getQueryFn } from "@client/lib/api";
import { useAuth } from "@client/lib/auth";
import { plansKey } from "@client/lib/query-keys";

/** GET /api/subscription-plans: the plan table (admin_test only for admins). Visitors may read it too. */
export function usePlans() {
  const { user, isLoading } = useAuth();
  return useQuery<Plan[]>({
    queryKey: plansKey(user?.id),
    queryFn: getQueryFn({ on401: "throw" }),
    enabled: !isLoading,
    meta: { unauthorized: "ignore" },
  });
}
