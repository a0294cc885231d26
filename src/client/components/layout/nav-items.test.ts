import { describe, expect, it } from "vitest";
import { accountItems, isActivePath, planNavItem, topNavItems } from "./nav-items";

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe("top navigation links", () => {
  it("puts 'Upgrade' at position 4 for a free-plan user", () => {
    expect(labels(topNavItems({ subscriptionPlan: "free" }))).toEqual([
      "Dashboard",
      "Discover",
      "Subscriptions",
      "Upgrade",
      "Favorites",
      "History",
    ]);
  });

  it("offers 'Pricing' to a user with no plan and no plan link to paying users", () => {
    expect(planNavItem(null)).toMatchObject({ label: "Pricing", href: "/pricing" });
    expect(planNavItem("free")).toMatchObject({ label: "Upgrade", href: "/pricing" });
    for (const plan of ["basic", "premium", "pro", "admin_test"] as const) {
      expect(labels(topNavItems({ subscriptionPlan: plan }))).toEqual([
        "Dashboard",
        "Discover",
        "Subscriptions",
        "Favorites",
        "History",
      ]);
    }
  });
});

describe("user menu entries", () => {
  it("shows Admin to admins only", () => {
    expect(labels(accountItems({ isAdmin: false }))).toEqual(["Settings", "Send Feedback"]);
    expect(labels(accountItems({ isAdmin: true }))).toEqual(["Settings", "Send Feedback", "Admin"]);
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
