import { ADMIN_EMAIL, expect, signIn, test } from "./support/fixtures";
import { TOP_LINKS_FREE_PLAN } from "./support/navigation";

// The desktop project only (playwright.config.ts): the top navigation and user menu show from 768 px up.

test.describe("signed-in layout on a desktop", () => {
  test("top navigation: the main links with Upgrade at position 4, each opening its page", async ({
    memberPage: page,
  }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(TOP_LINKS_FREE_PLAN);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Discover" }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole("heading", { level: 1, name: "Discover New Topics" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Discover" })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle("Discover New Topics · Jargon");

    await nav.getByRole("link", { name: "Upgrade" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Learning Plan" })).toBeVisible();
  });

  test("the user menu shows the capitalised first name and the account entries", async ({
    memberPage: page,
  }) => {
    const trigger = page.getByRole("button", { name: "Account menu for Ada" });
    await expect(trigger).toContainText("Ada");
    await trigger.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Progress", "Settings", "Send Feedback", "Logout"]);
    await menu.getByRole("menuitem", { name: "Send Feedback" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Send Feedback" })).toBeVisible();
  });

  test("an admin's user menu has Admin; a user without a first name is shown by the address's name part", async ({
    page,
  }) => {
    await signIn(page, { email: ADMIN_EMAIL, firstName: null });
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Account menu for Admin", exact: true });
    await trigger.click();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText([
      "Progress",
      "Settings",
      "Send Feedback",
      "Admin",
      "Logout",
    ]);
    await page.getByRole("menuitem", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("shows the profile image when the user has one", async ({ page }) => {
    const image = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='8' height='8'/%3E";
    await signIn(page, { profileImageUrl: image });
    await page.goto("/");
    await expect(page.getByRole("button", { name: /Account menu/ }).locator("img")).toHaveAttribute(
      "src",
      image,
    );
  });

  test("the user menu also chooses the theme", async ({ memberPage: page }) => {
    await page.getByRole("button", { name: /Account menu/ }).click();
    await expect(page.getByRole("menuitemradio", { name: "Light" })).toHaveAttribute("aria-checked", "true");
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });
});
