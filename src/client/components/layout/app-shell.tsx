import type { ReactNode } from "react";
import type { User } from "@shared/api/auth";
import { TakeOverLater } from "../take-over-later";
import { BottomTabs } from "./bottom-tabs";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { TopNav } from "./top-nav";

export interface AppShellProps {
  user: User;
  /** Shown in the top bar, left of the theme and user menu. */
  notificationBell: ReactNode;
  /** Shown under the top bar, above the page. */
  banners: ReactNode;
  children: ReactNode;
}

/** The signed-in layout around every member page; src/client/member-shell.tsx gives it the features' parts. */
export default function AppShell({ user, notificationBell, banners, children }: AppShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <SkipLink />
      <TakeOverLater>
        <TopNav user={user} notificationBell={notificationBell} />
      </TakeOverLater>
      {banners}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 pb-20 outline-none md:pb-6">
        {children}
      </main>
      <TakeOverLater>
        <BottomTabs />
      </TakeOverLater>
    </div>
  );
}
