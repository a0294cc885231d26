import type { ReactNode } from "react";
import type { User } from "@shared/api/auth";
import { BottomTabs } from "./bottom-tabs";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { BillingNotices, FreeTrialBanner } from "./slots";
import { TopNav } from "./top-nav";

/** The signed-in layout around every member page. Loaded on its own: visitors never download it. */
export default function AppShell({ user, children }: { user: User; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <SkipLink />
      <TopNav user={user} />
      <BillingNotices user={user} />
      {/* The first session has one task (issue 29): no trial offer beside it. */}
      {user.onboardingPending ? null : <FreeTrialBanner user={user} />}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 pb-20 outline-none md:pb-6">
        {children}
      </main>
      <BottomTabs />
    </div>
  );
}
