import { expect, expectAccessibleInBothThemes, signIn, test } from "./support/fixtures";

/**
 * The screens no other spec runs axe on in this state. Checked elsewhere, on both projects and in both themes (one
 * pass per screen state is enough): the 404 screen for a visitor and a member (public-pages.spec.ts), a new
 * member's dashboard (dashboard.spec.ts, its empty states loaded), /discover (discover.spec.ts, its topics loaded).
 */
const VISITOR_PAGES = ["/", "/pricing"];
const MEMBER_PAGES = ["/settings"];

// One test per page (both themes in it): an axe pass over a full signed-in screen can take seconds on a busy CI machine.
test.describe("accessibility in light and dark", () => {
  for (const path of VISITOR_PAGES) {
    test(`visitor page ${path} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessibleInBothThemes(page);
    });
  }

  for (const path of MEMBER_PAGES) {
    test(`signed-in page ${path} has no serious or critical axe violation`, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessibleInBothThemes(page);
    });
  }

  test("the signed-in menus have no serious or critical axe violation", async ({ page, isMobile }) => {
    await signIn(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (isMobile) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    } else {
      await page.getByRole("button", { name: /Account menu/ }).click();
      await expect(page.getByRole("menu")).toBeVisible();
    }
    await expectAccessibleInBothThemes(page);
  });
});
