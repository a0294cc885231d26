import { expect, expectAccessibleInBothThemes, signIn, test } from "./support/fixtures";

const VISITOR_PAGES = ["/", "/no-such-page", "/pricing"];
const MEMBER_PAGES = ["/", "/discover", "/settings", "/no-such-page"];

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
