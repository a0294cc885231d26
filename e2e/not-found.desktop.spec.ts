import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const expectNotFound = async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  // The spec's developer hint is gone on purpose (issue 17): nothing on the page speaks to developers.
  await expect(page.getByText(/router/i)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
};

test("a visitor sees the 404 screen on unknown paths and on the signed-in area's paths", async ({ page }) => {
  for (const path of ["/no-such-page", "/discover", "/settings?tab=plan", "/favorites"]) {
    await page.goto(path);
    await expectNotFound(page);
  }
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Speak the language of experts" })).toBeVisible();
});

test("a signed-in user sees the 404 screen inside the app's layout", async ({ memberPage: page }) => {
  await page.goto("/discover/nothing-here");
  await expectNotFound(page);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Jargon");
});

test("a signed-in user reaches the public pages too", async ({ memberPage: page }) => {
  const publicPages: [path: string, heading: string][] = [
    ["/topics", "Explore Topics"],
    ["/terms", "Terms of Service"],
    ["/purchase-success", "Your Purchase"],
  ];
  for (const [path, heading] of publicPages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
});
