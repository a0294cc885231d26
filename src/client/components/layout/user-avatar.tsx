import type { User } from "@shared/api/auth";
import { displayName } from "@client/lib/auth";
import { cn } from "@client/lib/utils";

/** The profile image when there is one, else the initial on a tinted disc. Decorative: the name is nearby. */
export function UserAvatar({ user, className }: { user: User; className?: string }) {
  const base = cn("size-8 shrink-0 rounded-full", className);
  if (user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        className={cn(base, "object-cover")}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(base, "grid place-items-center bg-accent text-sm font-semibold text-accent-foreground")}
    >
      {displayName(user).charAt(0)}
    </span>
  );
}
