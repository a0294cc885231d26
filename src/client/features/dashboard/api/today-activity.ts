import { useQuery } from "@tanstack/react-query";
import type { DeliveredItem } from "@shared/api/notifications";
import { useAuth } from "@client/lib/auth";
import { forUser, TODAY_ACTIVITY_KEY } from "@client/lib/query-keys";

/** GET /api/activity/today: the words that reached the user today (their day), newest first. */
export function useTodayActivity() {
  const { user } = useAuth();
  return useQuery<DeliveredItem[]>({
    queryKey: forUser(TODAY_ACTIVITY_KEY, user?.id),
    enabled: Boolean(user),
  });
}
