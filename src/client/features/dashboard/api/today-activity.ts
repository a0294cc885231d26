import { useQuery } from "@tanstack/react-query";
import type { DeliveredItem } from "../../../../shared/api/notifications";
import { useAuth } from "../../../lib/auth";

/** GET /api/activity/today: the words that reached the user today (their day), newest first. */
export function useTodayActivity() {
  const { user } = useAuth();
  return useQuery<DeliveredItem[]>({ queryKey: ["/api/activity/today", user?.id], enabled: Boolean(user) });
}
