import { ADMIN_EMAIL, expect, signIn, startWithTheme, test } from "./support/fixtures";

/**
 * Review screenshots of every admin tab, light and dark, at the project's width (1280 or 390), in
 * /tmp/shots-admin. On demand only: `SHOTS=1 npx playwright test admin-screenshots`.
 */
const TABS = ["stats", "content", "topics", "bulk", "users", "settings"] as const;

for (const theme of ["light", "dark"] as const) {
  test(`admin tabs, ${theme}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await startWithTheme(page, theme);
    await signIn(page, { email: ADMIN_EMAIL });
    await page.goto("/admin");
    const dismiss = page.getByRole("button", { name: "Dismiss free trial offer" });
    if (await dismiss.isVisible()) await dismiss.click();
    const shot = (name: string) =>
      page.screenshot({
        path: `/tmp/shots-admin/${testInfo.project.name}-${theme}-${name}.png`,
        fullPage: true,
      });
    for (const tab of TABS) {
      await page.goto(tab === "stats" ? "/admin" : `/admin?tab=${tab}`);
      await page.waitForLoadState("networkidle");
      if (tab === "content") {
        await page.getByRole("combobox", { name: "Topic" }).click();
        await page.getByRole("option", { name: /Finance/ }).click();
        await expect(page.getByText("Page 1 of")).toBeVisible();
      }
      if (tab === "bulk") {
        await page.locator("#pronunciation-topic").click();
        await page.getByRole("option", { name: /Finance/ }).click();
        await page.getByRole("button", { name: "Test Pronunciations" }).click();
        await expect(page.getByText(/words checked/)).toBeVisible();
      }
      await shot(tab);
      if (tab === "users") {
        await page
          .getByRole("button", { name: /^Edit / })
          .first()
          .click();
        await page.waitForTimeout(400);
        await shot("users-edit");
      }
    }
    await page.context().clearCookies();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await shot("access-denied");
  });
}
