import { NOTIFICATION_BADGE_MAX, NOTIFICATION_DROPDOWN_ITEMS } from "@shared/constants";

/** learner-core §5: the unread count among the first 10 items; '9+' over 9; nothing when all are read. */
export function unreadBadgeLabel(items: readonly { readAt: string | null }[]): string | null {
  const unread = items.slice(0, NOTIFICATION_DROPDOWN_ITEMS).filter((item) => !item.readAt).length;
  if (unread === 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unread);
}
