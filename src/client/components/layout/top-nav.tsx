import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import type { User } from "@shared/api/auth";
import { cn } from "@client/lib/utils";
import { TakeOverLater } from "../take-over-later";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { isActivePath, topNavItems } from "./nav-items";
import { ThemeSwitcher } from "./theme-switcher";
import { TrialChip } from "./trial-chip";
import { UserMenu } from "./user-menu";

/** The signed-in top bar: logo, main links (768 px and up), the notification bell it is given, theme, user menu or hamburger. */
export function TopNav({ user, notificationBell }: { user: User; notificationBell: ReactNode }) {
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-4 lg:px-8">
        {/* Between 768 and 1024 px the seven links need the wordmark's room (and a little less padding). */}
        <Logo wordmarkClassName="md:max-lg:sr-only" />
        <TakeOverLater>
          <nav aria-label="Main" className="hidden min-w-0 flex-1 md:block">
            <ul className="flex items-center gap-0.5 lg:gap-1">
              {topNavItems(user).map(({ href, label }) => {
                const active = isActivePath(href, location);
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-2 rounded-lg px-1.5 py-2 text-[13px] font-medium whitespace-nowrap transition-colors lg:px-2 lg:text-sm xl:px-2.5",
                        active
                          ? "bg-accent text-accent-foreground"
                          : "text-muted-foreground hover:bg-muted hover:text-foreground",
                      )}
                    >
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </TakeOverLater>
        {/* The trial chip, bell, theme and user menu sit beside the links, never over them (e2e/nav-layout). */}
        <TakeOverLater>
          <div className="ml-auto flex shrink-0 items-center gap-2">
            <TrialChip user={user} />
            {notificationBell}
            {/* Below 1280 px the links need its room; the user menu chooses the theme too. */}
            <ThemeSwitcher className="hidden xl:inline-flex" />
            <div className="hidden md:block">
              <UserMenu user={user} />
            </div>
            <MobileMenu user={user} />
          </div>
        </TakeOverLater>
      </div>
    </header>
  );
}
