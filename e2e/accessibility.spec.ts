import { expect, expectAccessible, signIn, startWithTheme, test } from "./support/fixtures";

const VISITOR_PAGES = ["/", "/no-such-page", "/pricing"];
const MEMBER_PAGES = ["/", "/discover", "/settings", "/no-such-page"];

for (const theme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${theme}`, () => {
    test.beforeEach(async ({ page }) => startWithTheme(page, theme));

    test("visitor pages have no serious or critical axe violation", async ({ page }) => {
      for (const path of VISITOR_PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
        await expectAccessible(page);
      }
    });

    test("signed-in pages and menus have no serious or critical axe violation", async ({
      page,
      isMobile,
    }) => {
      await signIn(page);
      for (const path of MEMBER_PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectAccessible(page);
      }
      if (isMobile) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
      } else {
        await page.getByRole("button", { name: /Account menu/ }).click();
        await expect(page.getByRole("menu")).toBeVisible();
      }
      await expectAccessible(page);
    });
  });
}
