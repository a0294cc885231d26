import type { PlanLimitError } from "@shared/api/subscriptions";
import { checkSubscriptionRoom } from "@shared/rules/plans";
import { useAuth } from "@client/lib/auth";
import { useSubscriptions } from "./api";

/**
 * The plan's subscription limit as the server will apply it (the same rule), known before any form: null while
 * there is room (or while the list loads), else the limit with its upgrade offers.
 */
export function usePlanLimitReached(): PlanLimitError | null {
  const { user } = useAuth();
  const subscriptions = useSubscriptions();
  if (!user || !subscriptions.data) return null;
  const active = subscriptions.data.filter((item) => item.active && item.status === "active").length;
  return checkSubscriptionRoom(user, active);
}
