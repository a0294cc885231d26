import LifeBuoy from "lucide-react/icons/life-buoy";
import LogOut from "lucide-react/icons/log-out";
import X from "lucide-react/icons/x";
import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import type { User } from "@shared/api/auth";
import type { LazyMenuProps } from "@client/components/ui/lazy-menu";
import { useAppConfig } from "@client/lib/app-config";
import { displayName } from "@client/lib/auth";
import { LOGOUT_PATH } from "@client/lib/unauthorized";
import { cn } from "@client/lib/utils";
import { accountItems, isActivePath, mobileMenuLinks, type NavItem } from "./nav-items";
import { ThemeSwitcher } from "./theme-switcher";
import { UserAvatar } from "./user-avatar";

const rowClass =
  "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors hover:bg-muted [&_svg]:size-5 [&_svg]:shrink-0";

/** The hamburger menu's drawer, fetched when its trigger (mobile-menu.tsx) is first used; it mounts open. */
export function MobileMenuDrawer({ user, trigger }: LazyMenuProps & { user: User }) {
  const [open, setOpen] = useState(true);
  const [location] = useLocation();
  const supportEmail = useAppConfig()?.supportEmail;
  const close = () => setOpen(false);

  const row = ({ href, label, icon: Icon }: NavItem) => {
    const active = isActivePath(href, location);
    return (
      <li key={href}>
        <Link
          href={href}
          onClick={close}
          aria-current={active ? "page" : undefined}
          className={cn(rowClass, active && "bg-accent text-accent-foreground hover:bg-accent")}
        >
          <Icon aria-hidden className={active ? undefined : "text-muted-foreground"} />
          {label}
        </Link>
      </li>
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] md:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col border-l border-border bg-card text-card-foreground shadow-xl outline-none md:hidden"
          aria-describedby={undefined}
        >
          <div className="flex items-center gap-3 border-b border-border px-4 py-4">
            <UserAvatar user={user} className="size-10" />
            <div className="min-w-0 flex-1">
              <Dialog.Title className="sr-only">Menu</Dialog.Title>
              <p className="truncate text-sm font-semibold">{displayName(user)}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
            <Dialog.Close
              className="grid size-9 place-items-center rounded-lg hover:bg-muted"
              aria-label="Close menu"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label="Menu" className="flex-1 overflow-y-auto px-3 py-3">
            <ul className="space-y-0.5">{mobileMenuLinks(user).map(row)}</ul>
            <hr className="my-3 border-border" />
            <ul className="space-y-0.5">{accountItems(user).map(row)}</ul>
            <hr className="my-3 border-border" />
            <div className="px-3 py-1">
              <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Theme
              </p>
              <ThemeSwitcher showLabels className="flex w-full" />
            </div>
          </nav>
          <div className="space-y-0.5 border-t border-border px-3 py-3">
            {supportEmail ? (
              <a href={`mailto:${supportEmail}`} className={rowClass}>
                <LifeBuoy aria-hidden className="text-muted-foreground" />
                <span className="flex min-w-0 flex-col">
                  Need help?{" "}
                  <span className="truncate text-xs font-normal text-muted-foreground">{supportEmail}</span>
                </span>
              </a>
            ) : null}
            <a href={LOGOUT_PATH} className={rowClass}>
              <LogOut aria-hidden className="text-muted-foreground" />
              Logout
            </a>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
