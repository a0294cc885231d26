import type { Page } from "@playwright/test";
import { startTrialByApi } from "./support/billing";
import { expect, signIn, test } from "./support/fixtures";

/*
 * Review screenshots of issue 29's first impressions (SHOTS=1 only, desktop project):
 * /tmp/shots/first-<screen>-<width>-<theme>.png. The nav of a trialing learner at the four desktop widths the issue
 * names, and Discover as a Free learner sees it, on a desktop and a phone.
 */

const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";
const THEMES = ["light", "dark"] as const;

async function chooseTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.goto("/");
  await page.evaluate((value) => localStorage.setItem("theme", value), theme);
}

async function shoot(page: Page, name: string, width: number, theme: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${DIR}/first-${name}-${width}-${theme}.png` });
}

test("the nav of a trialing learner at 768, 1024, 1280 and 1440 px", async ({ page }, testInfo) => {
  // Desktop widths; and a card gives one free trial, so the phone project's run of it was refused.
  test.skip(testInfo.project.name !== "desktop", "desktop widths only");
  test.slow(); // a trial through the sandbox, then eight screens
  await signIn(page);
  await startTrialByApi(page, "4242424242424242");
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    for (const width of [768, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await expect(page.getByRole("link", { name: "Review" }).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Today's Learning" })).toBeVisible();
      await shoot(page, "nav-trial", width, theme);
    }
  }
});

test("Discover as a Free learner sees it, on a desktop and a phone", async ({ page }) => {
  await signIn(page);
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto("/discover");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shoot(page, "discover-free", width, theme);
    }
  }
});
