import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NotificationItem } from "@shared/api/notifications";
import { apiRequest } from "@client/lib/api";
import { RECENT_ACTIVITY_KEY } from "@client/lib/query-keys";

export type NotificationAction =
  { kind: "read"; id: number } | { kind: "dismiss"; id: number } | { kind: "clearAll" };

const requestFor = (action: NotificationAction) =>
  action.kind === "clearAll"
    ? apiRequest("POST", "/api/notifications/clear-all")
    : apiRequest("POST", `/api/notifications/${action.id}/${action.kind}`);

/** What the list looks like once the action is done, shown at once while the server catches up. */
function applyAction(items: NotificationItem[], action: NotificationAction, now: string): NotificationItem[] {
  switch (action.kind) {
    case "read":
      return items.map((item) => (item.id === action.id && !item.readAt ? { ...item, readAt: now } : item));
    case "dismiss":
      return items.filter((item) => item.id !== action.id);
    case "clearAll":
      return [];
  }
}

/**
 * Read, dismiss and 'Clear All' (learner-core §4): the list changes at once, then the recent-activity list is
 * refreshed from the server. Failures are only logged (§8) and the refresh puts the true state back.
 */
export function useNotificationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestFor,
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: RECENT_ACTIVITY_KEY });
      queryClient.setQueryData<NotificationItem[]>(RECENT_ACTIVITY_KEY, (items) =>
        items ? applyAction(items, action, new Date().toISOString()) : items,
      );
    },
    onError: (error, action) => console.warn(`Notification ${action.kind} failed`, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RECENT_ACTIVITY_KEY }),
  });
}

export { applyAction as applyNotificationAction };
