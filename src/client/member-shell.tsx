import type { ReactNode } from "react";
import type { User } from "@shared/api/auth";
import AppShell from "@client/components/layout/app-shell";
// The two banners straight from their modules, not billing's index: this chunk loads with every member page.
import { BillingNotices } from "@client/features/billing/billing-notices";
import { FreeTrialBanner } from "@client/features/billing/free-trial-banner";
import { NotificationDropdown } from "@client/features/notifications";

/**
 * The signed-in layout with the features that fill its places: the layout (components/layout) knows no feature.
 * Loaded on its own: visitors never download it.
 */
export default function MemberShell({ user, children }: { user: User; children: ReactNode }) {
  return (
    <AppShell
      user={user}
      // Top navigation, left of the theme and user menu: the bell with its unread badge (learner-core §2, §4).
      notificationBell={<NotificationDropdown user={user} />}
      // Under the top navigation: payment-failed, renewal and downgrade notices (learner-core §4), then the green
      // 'Get 7 days of Premium FREE' banner for free plans without a trial.
      banners={
        <>
          <BillingNotices user={user} />
          {/* The first session has one task (issue 29): no trial offer beside it. */}
          {user.onboardingPending ? null : <FreeTrialBanner user={user} />}
        </>
      }
    >
      {children}
    </AppShell>
  );
}
