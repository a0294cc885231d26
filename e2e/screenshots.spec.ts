import { mkdirSync } from "node:fs";
import { expect, signIn, startWithTheme, test } from "./support/fixtures";

// Review screenshots for people, not assertions: SHOTS=1 npx playwright test screenshots
const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

for (const theme of ["light", "dark"] as const) {
  test(`screens in ${theme}`, async ({ page }, testInfo) => {
    mkdirSync(DIR, { recursive: true });
    const shot = (name: string, fullPage = false) =>
      page.screenshot({ path: `${DIR}/${testInfo.project.name}-${theme}-${name}.png`, fullPage });
    await startWithTheme(page, theme);

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await shot("landing-top");
    // The full page in screen-sized parts, small enough to look at one by one.
    const { width, height } = page.viewportSize()!;
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, part = 1; y < total; y += height * 2, part++) {
      await page.screenshot({
        path: `${DIR}/${testInfo.project.name}-${theme}-landing-part${part}.png`,
        fullPage: true,
        clip: { x: 0, y, width, height: Math.min(height * 2, total - y) },
      });
    }

    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await shot("404-visitor");

    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await shot("placeholder-visitor");

    await signIn(page, { firstName: "ada" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await shot("shell-dashboard");
    if (testInfo.project.name === "mobile") {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await shot("shell-mobile-menu");
      await page.keyboard.press("Escape");
    } else {
      await page.getByRole("button", { name: /Account menu/ }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await shot("shell-user-menu");
      await page.keyboard.press("Escape");
    }
    if (testInfo.project.name === "desktop") {
      // Just over the mobile breakpoint: the tightest fit for the top navigation.
      await page.setViewportSize({ width: 780, height: 600 });
      await page.goto("/settings");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shot("shell-tablet-780");
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.goto("/discover/nothing");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await shot("404-member");
  });
}
