import Compass from "lucide-react/icons/compass";
import Crown from "lucide-react/icons/crown";
import Heart from "lucide-react/icons/heart";
import History from "lucide-react/icons/rotate-ccw-clock";
import Layers from "lucide-react/icons/layers";
import Repeat from "lucide-react/icons/repeat";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import MessageSquare from "lucide-react/icons/message-square";
import Settings from "lucide-react/icons/settings";
import Shield from "lucide-react/icons/shield";
import Tag from "lucide-react/icons/tag";
import TrendingUp from "lucide-react/icons/trending-up";
import type { LucideIcon } from "lucide-react";
import type { User } from "@shared/api/auth";
import { effectivePlanOf } from "@shared/rules/plans";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** The five main links: top navigation and the mobile bottom tab bar. */
export const MAIN_NAV: readonly NavItem[] = [
  { href: "/", label: "Dashboard", icon: LayoutDashboard },
  { href: "/discover", label: "Discover", icon: Compass },
  { href: "/subscriptions", label: "Subscriptions", icon: Layers },
  { href: "/favorites", label: "Favorites", icon: Heart },
  { href: "/history", label: "History", icon: History },
];

/**
 * Review (issue 16) sits beside History in the top navigation and the mobile menu. The bottom tab bar keeps the
 * spec's five links; on a phone Review is one tap away on the dashboard (its due count sits above the fold).
 */
export const REVIEW_NAV_ITEM: NavItem = { href: "/review", label: "Review", icon: Repeat };

/**
 * Progress (issue 29) heads the user menu and follows Review in the mobile menu: the top bar has no room for an
 * eighth link at 768 px.
 */
export const PROGRESS_NAV_ITEM: NavItem = { href: "/progress", label: "Progress", icon: TrendingUp };

/** Where the plan link goes in the main links: position 4. */
const PLAN_LINK_INDEX = 3;

/** 'Upgrade' for free-plan users, 'Pricing' for users with no plan; paid plans get no plan link. */
export function planNavItem(plan: User["subscriptionPlan"] | null | undefined): NavItem | null {
  if (plan === "free") return { href: "/pricing", label: "Upgrade", icon: Crown };
  if (!plan) return { href: "/pricing", label: "Pricing", icon: Tag };
  return null;
}

type NavUser = Pick<User, "subscriptionPlan" | "trialStatus" | "trialPlan"> &
  Partial<Pick<User, "onboardingPending">>;

/**
 * The top navigation's links: the five main ones with the plan link at position 4, then Review. A trialing user
 * counts as on the trial's paid plan (issue 17), so gets no 'Upgrade' link; nor does a learner in the first-session
 * flow (issue 29: one task, no upgrade prompt beside it).
 */
export function topNavItems(user: NavUser): NavItem[] {
  const items = [...MAIN_NAV, REVIEW_NAV_ITEM];
  const plan = user.onboardingPending ? null : planNavItem(effectivePlanOf(user));
  if (plan) items.splice(PLAN_LINK_INDEX, 0, plan);
  return items;
}

/** The account entries of the user menu and the mobile menu; Logout is added by each menu. */
export function accountItems(user: Pick<User, "isAdmin">): NavItem[] {
  return [
    { href: "/settings", label: "Settings", icon: Settings },
    { href: "/feedback", label: "Send Feedback", icon: MessageSquare },
    ...(user.isAdmin ? [{ href: "/admin", label: "Admin", icon: Shield }] : []),
  ];
}

/** The desktop user menu: Progress, then the account entries. */
export function userMenuItems(user: Pick<User, "isAdmin">): NavItem[] {
  return [PROGRESS_NAV_ITEM, ...accountItems(user)];
}

/** The mobile menu's links: the top navigation's, then Progress. */
export function mobileMenuLinks(user: NavUser): NavItem[] {
  return [...topNavItems(user), PROGRESS_NAV_ITEM];
}

/** No screen has sub-paths, so a link is current only on its exact path (not on a 404 below it). */
export const isActivePath = (href: string, location: string) => location === href;
