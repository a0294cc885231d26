import Bell from "lucide-react/icons/bell";
import type { User } from "@shared/api/auth";
import { NOTIFICATION_DROPDOWN_ITEMS } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { lazyMenu } from "@client/components/ui/lazy-menu";
import { useRecentActivity } from "./api/recent-activity";
import { unreadBadgeLabel } from "./unread-badge";

const NotificationPanel = lazyMenu(() =>
  import("./notification-panel").then((module) => module.NotificationPanel),
);

/** The bell in the top navigation with its unread badge; its list (notification-panel.tsx) loads when first opened. */
export function NotificationDropdown({ user }: { user: User }) {
  const { data } = useRecentActivity(user.id);
  const badge = unreadBadgeLabel((data ?? []).slice(0, NOTIFICATION_DROPDOWN_ITEMS));
  return (
    <NotificationPanel
      user={user}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="relative rounded-full"
          aria-label={badge ? `Notifications, ${badge} unread` : "Notifications"}
          aria-haspopup="dialog"
        >
          <Bell className="size-5!" aria-hidden />
          {badge ? (
            <span
              data-testid="notification-badge"
              aria-hidden
              className="absolute top-1 right-1 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-rose-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-card"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      }
    />
  );
}
