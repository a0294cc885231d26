import type { Page } from "@playwright/test";
import { MIDDAY_ZONE, recentWords, runDeliveries, subscribeInApp, useTimeZone } from "./support/deliveries";
import { expect, expectAccessibleInBothThemes, signIn, test } from "./support/fixtures";

test.use({ timezoneId: MIDDAY_ZONE });

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const dropdown = (page: Page) => page.getByRole("dialog", { name: "Notifications" });

test(`ten unread words read '9+', in a 20rem scrolling list`, async ({ page }) => {
  await signIn(page);
  await useTimeZone(page);
  await subscribeInApp(page, { topic: "idioms" });
  // Five daily sends, none answered: each brings its new word, and every word before it rides along as a review
  // (issue 22), so 1 + 2 + 3 + 4 + 5 = 15 words reach the bell.
  expect(await runDeliveries(page, 5)).toBe(15);

  await page.goto("/");
  await expect(page.getByTestId("notification-badge")).toHaveText("9+");
  await expect(bell(page)).toHaveAccessibleName("Notifications, 9+ unread");
  await bell(page).click();
  const items = dropdown(page).getByRole("list", { name: "Recent words" }).getByRole("listitem");
  // Fifteen delivered, ten listed.
  await expect(items).toHaveCount(10);
  const [newest] = await recentWords(page);
  await expect(items.first()).toContainText(newest?.content.word ?? "");
  await expect(items.first()).toContainText("Idioms");

  const scroller = dropdown(page).locator("ul").locator("..");
  const box = await scroller.evaluate((element) => ({
    maxHeight: getComputedStyle(element).maxHeight,
    scrolls: element.scrollHeight > element.clientHeight,
  }));
  expect(box).toEqual({ maxHeight: "320px", scrolls: true });
  await expectAccessibleInBothThemes(page);

  // Reading one of the ten listed leaves 9 unread: the badge counts again.
  await items.first().getByRole("button").first().click();
  await expect(page.getByTestId("notification-badge")).toHaveText("9");
});

test("an empty bell, and 'View all in History'", { tag: "@desktop" }, async ({ page }) => {
  await signIn(page);
  await page.goto("/");
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  await bell(page).click();
  await expect(dropdown(page).getByText("You're all caught up")).toBeVisible();
  await expect(dropdown(page).getByRole("button", { name: "Clear All" })).toHaveCount(0);
  await dropdown(page).getByRole("link", { name: "View all in History" }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole("heading", { level: 1, name: "Learning History" })).toBeVisible();
  await expect(dropdown(page)).toBeHidden();
});

test(
  "the bell polls every 2 seconds while signed in, and never for a visitor",
  { tag: "@desktop" },
  async ({ page }) => {
    const polls: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/activity/recent") polls.push(Date.now());
    });
    await page.goto("/");
    await expect(page.getByRole("link", { name: /Start Learning/ }).first()).toBeVisible();
    await page.waitForTimeout(2500);
    expect(polls).toEqual([]);

    await signIn(page);
    await page.goto("/");
    await expect(bell(page)).toBeVisible();
    await expect.poll(() => polls.length, { timeout: 8000 }).toBeGreaterThanOrEqual(3);
    const gaps = polls.slice(1).map((at, index) => at - (polls[index] ?? at));
    expect(Math.min(...gaps.slice(1))).toBeGreaterThanOrEqual(1500);
  },
);

test("the grade buttons keep room for when the word comes back while it is on its way", async ({ page }) => {
  await signIn(page);
  await useTimeZone(page);
  await subscribeInApp(page, { topic: "idioms" });
  expect(await runDeliveries(page, 1)).toBe(1);
  // The dropdown asks for the intervals when it opens: held here until the buttons have been measured.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/review/previews?**", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/");
  await bell(page).click();
  const knewIt = dropdown(page).getByRole("button", { name: /^Knew it/ });
  await expect(knewIt).toBeVisible();
  const before = await knewIt.boundingBox();
  release();
  await expect(knewIt).toHaveAccessibleName(/^Knew it\W+comes back in \d/);
  const after = await knewIt.boundingBox();
  // The same place and height; the width within a few pixels (the held room is "· 9 days", the interval may be "· 1 day").
  expect({ x: after?.x, y: after?.y, height: after?.height }).toEqual({
    x: before?.x,
    y: before?.y,
    height: before?.height,
  });
  expect(Math.abs((after?.width ?? 0) - (before?.width ?? 0))).toBeLessThanOrEqual(8);
});
