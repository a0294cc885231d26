import ChevronDown from "lucide-react/icons/chevron-down";
import type { User } from "@shared/api/auth";
import { lazyMenu } from "@client/components/ui/lazy-menu";
import { displayName } from "@client/lib/auth";
import { UserAvatar } from "./user-avatar";

const AccountMenu = lazyMenu(() => import("./account-menu").then((module) => module.AccountMenu));

/**
 * Desktop user menu: name and avatar, then Progress, Settings, Send Feedback, Admin (admins), the theme and Logout.
 * Below 1280 px the trigger is the avatar alone (under 1024 px without its chevron): the links need the room.
 */
export function UserMenu({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <AccountMenu
      user={user}
      trigger={
        <button
          type="button"
          className="flex items-center gap-2 rounded-full p-1 text-sm lg:pr-2 font-medium hover:bg-muted data-[state=open]:bg-muted"
          aria-label={`Account menu for ${name}`}
          aria-haspopup="menu"
        >
          <UserAvatar user={user} />
          <span className="hidden max-w-32 truncate xl:inline">{name}</span>
          <ChevronDown className="hidden size-4 text-muted-foreground lg:block" aria-hidden />
        </button>
      }
    />
  );
}
