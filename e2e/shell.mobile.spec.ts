import { expect, SUPPORT_EMAIL, test } from "./support/fixtures";
import { TOP_LINKS_FREE_PLAN } from "./support/navigation";

// The mobile project only (playwright.config.ts): the hamburger menu and the tab bar exist under 768 px.
const MAIN_LINKS = ["Dashboard", "Discover", "Subscriptions", "Favorites", "History"];

test.describe("signed-in layout on a phone", () => {
  test("the bottom tab bar has the five main links", async ({ memberPage: page }) => {
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    await expect(tabs.getByRole("link")).toHaveText(MAIN_LINKS);
    await tabs.getByRole("link", { name: "History" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Learning History" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "History" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("the hamburger menu has the links, the account entries and 'Need help?'", async ({
    memberPage: page,
  }) => {
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link")).toHaveText([
      ...TOP_LINKS_FREE_PLAN,
      "Progress",
      "Settings",
      "Send Feedback",
      `Need help? ${SUPPORT_EMAIL}`,
      "Logout",
    ]);
    await expect(menu.getByRole("link", { name: "Need help?" })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
    await expect(menu.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/api/logout");

    await menu.getByRole("link", { name: "Favorites" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  });

  test("the page never scrolls sideways", async ({ memberPage: page }) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
