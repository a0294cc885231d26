import { describe, expect, it } from "vitest";
import {
  accountItems,
  isActivePath,
  mobileMenuLinks,
  planNavItem,
  topNavItems,
  userMenuItems,
} from "./nav-items";

const onPlan = (
  subscriptionPlan: "free" | "basic" | "premium" | "pro" | "admin_test",
  trialStatus: string | null = null,
) => ({
  subscriptionPlan,
  trialStatus,
  trialPlan: trialStatus ? "premium" : null,
});
const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe("top navigation links", () => {
  it("puts 'Upgrade' at position 4 for a free-plan user, and Review beside History", () => {
    expect(labels(topNavItems(onPlan("free")))).toEqual([
      "Dashboard",
      "Discover",
      "Subscriptions",
      "Upgrade",
      "Favorites",
      "History",
      "Review",
    ]);
  });

  it("gives a trialing user the paid plan's navigation: no 'Upgrade' link", () => {
    expect(labels(topNavItems(onPlan("free", "active")))).not.toContain("Upgrade");
    expect(labels(topNavItems(onPlan("free", "cancelled")))).toContain("Upgrade");
  });

  it("offers no plan link during the first-session flow", () => {
    expect(labels(topNavItems({ ...onPlan("free"), onboardingPending: true }))).not.toContain("Upgrade");
  });

  it("offers 'Pricing' to a user with no plan and no plan link to paying users", () => {
    expect(planNavItem(null)).toMatchObject({ label: "Pricing", href: "/pricing" });
    expect(planNavItem("free")).toMatchObject({ label: "Upgrade", href: "/pricing" });
    for (const plan of ["basic", "premium", "pro", "admin_test"] as const) {
      expect(labels(topNavItems(onPlan(plan)))).toEqual([
        "Dashboard",
        "Discover",
        "Subscriptions",
        "Favorites",
        "History",
        "Review",
      ]);
    }
  });
});

describe("user menu entries", () => {
  it("shows Admin to admins only", () => {
    expect(labels(accountItems({ isAdmin: false }))).toEqual(["Settings", "Send Feedback"]);
    expect(labels(accountItems({ isAdmin: true }))).toEqual(["Settings", "Send Feedback", "Admin"]);
  });

  it("reaches Progress from the user menu and from the mobile menu's links", () => {
    expect(labels(userMenuItems({ isAdmin: false }))).toEqual(["Progress", "Settings", "Send Feedback"]);
    expect(labels(mobileMenuLinks(onPlan("free"))).slice(-2)).toEqual(["Review", "Progress"]);
  });
});

describe("current link", () => {
  it("matches its exact path only", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/", "/discover")).toBe(false);
    expect(isActivePath("/discover", "/discover")).toBe(true);
    expect(isActivePath("/discover", "/discover/unknown")).toBe(false);
  });
});
