import type { User } from "@shared/api/auth";
import { BillingNotices as BillingNoticesImpl } from "@client/features/billing/billing-notices";
import { FreeTrialBanner as FreeTrialBannerImpl } from "@client/features/billing/free-trial-banner";

/*
 * Places in the signed-in layout that a later issue fills. Each renders nothing yet; replace the body,
 * keep the name and props, and the layout already shows it in the right spot.
 */

/** Top navigation, left of the theme and user menu: the bell with its unread badge (learner-core §2, §4). */
export { NotificationDropdown } from "@client/features/notifications";

/** Under the top navigation: the green 'Get 7 days of Premium FREE' banner for free plans without a trial. */
export function FreeTrialBanner(props: { user: User }) {
  return <FreeTrialBannerImpl {...props} />;
}

/** Under the top navigation: payment-failed, renewal and downgrade notices (learner-core §4). */
export function BillingNotices(props: { user: User }) {
  return <BillingNoticesImpl {...props} />;
}
