import { expect, signIn, startWithTheme, test } from "./support/fixtures";

/* Review screenshots of the channel choices (SHOTS=1 only): /tmp/shots/channels-<project>-<theme>.png */

const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

for (const theme of ["light", "dark"] as const) {
  test(`the subscription modal's channels, ${theme}`, async ({ page }, testInfo) => {
    await startWithTheme(page, theme);
    await signIn(page, { firstName: "grace" });
    await page.goto("/subscriptions");
    await page.getByRole("button", { name: "Add New Subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "New Subscription" });
    await dialog
      .getByRole("list", { name: "Topics" })
      .getByRole("button", { name: /Finance/ })
      .click();
    await expect(dialog.getByRole("switch", { name: /Text message/ })).toBeDisabled();
    await dialog.getByRole("switch", { name: /Push notifications/ }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${DIR}/channels-${testInfo.project.name}-${theme}.png` });
  });
}

for (const theme of ["light", "dark"] as const) {
  test(`Settings' phone field and push switch, ${theme}`, async ({ page }, testInfo) => {
    await startWithTheme(page, theme);
    await signIn(page, { firstName: "grace" });
    await page.goto("/settings");
    await page.getByLabel("Phone Number").fill("07700 900123");
    await page.screenshot({
      path: `${DIR}/settings-phone-${testInfo.project.name}-${theme}.png`,
      fullPage: true,
    });
    await page.getByRole("tab", { name: "Alerts" }).click();
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `${DIR}/settings-push-${testInfo.project.name}-${theme}.png`,
      fullPage: true,
    });
  });
}
