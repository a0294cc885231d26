import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { MIDDAY_ZONE, subscribeInApp, runDeliveries, useTimeZone } from "./support/deliveries";
import {
  callApi,
  expect,
  expectAccessibleInBothThemes,
  SHOT_THEMES,
  signIn,
  startWithTheme,
  test,
} from "./support/fixtures";
import { layoutShifts, recordLayoutShifts } from "./support/layout-shift";
import { subscribeByApi, topicNamed } from "./support/subscriptions";

/*
 * Issue 29: the dashboard's first screen. After the first session the day's word is in view without scrolling, on a
 * 390 × 844 phone and on a desktop, with the reviews due and a way into /review; nothing moves after the first
 * paint; a paused learner sees the pause (with Resume) on the dashboard and on every subscription.
 */
test.use({ timezoneId: MIDDAY_ZONE });

const SHOTS = process.env.SHOTS === "1";
const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

/** The viewport's height left for content: on a phone the bottom tab bar covers its last 64 px. */
async function visibleBottom(page: Page): Promise<number> {
  const tabs = page.getByRole("navigation", { name: "Tabs" });
  if (!(await tabs.isVisible())) return page.viewportSize()!.height;
  return (await tabs.boundingBox())!.y;
}

async function expectInFirstScreen(page: Page, locator: ReturnType<Page["locator"]>, what: string) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.y, `${what} starts below the top bar`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} ends above the fold`).toBeLessThanOrEqual(await visibleBottom(page));
}

for (const theme of SHOT_THEMES) {
  test(`after the first session the first word and the reviews are in view without scrolling (${theme})`, async ({
    page,
  }, testInfo) => {
    test.slow(); // two onboarding steps, a delivery and axe
    await startWithTheme(page, theme);
    await signIn(page, { onboarded: false });
    await useTimeZone(page);
    await page.goto("/");

    // The first session has one task: no trial offer, no Upgrade link.
    await expect(page.getByRole("heading", { name: "What do you want to learn?" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Free trial offer" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Upgrade/ })).toHaveCount(0);
    await page
      .getByRole("radio", { name: /Finance/ })
      .first()
      .check({ force: true });
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Send my first word" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    const today = page.getByRole("region", { name: "Today's Learning" });
    // The card's own title is its first h3; the word is the next.
    const word = today.getByRole("heading", { level: 3 }).nth(1);
    await expectInFirstScreen(page, word, "the first word");
    await expectInFirstScreen(page, today.getByText(/\w+/).nth(2), "its definition");
    const review = page.getByRole("region", { name: "Review" });
    await expectInFirstScreen(page, review.getByTestId("review-due-count"), "the due-review count");
    await expectInFirstScreen(
      page,
      review.getByRole("link", { name: /Start|Open Review/ }),
      "the way into Review",
    );
    await expectAccessibleInBothThemes(page);
    if (SHOTS) {
      mkdirSync(DIR, { recursive: true });
      await page.screenshot({ path: `${DIR}/dashboard-first-${testInfo.project.name}-${theme}.png` });
    }

    await review.getByRole("link", { name: /Start|Open Review/ }).click();
    await expect(page).toHaveURL(/\/review$/);
  });
}

test("nothing on the dashboard moves after its first paint (layout shift ≤ 0.02)", async ({ page }) => {
  test.slow(); // a delivery, then a cold load measured to the end
  await signIn(page);
  await useTimeZone(page);
  await subscribeInApp(page);
  expect(await runDeliveries(page)).toBe(1);
  await recordLayoutShifts(page);
  await page.goto("/");
  // Everything the dashboard fetches has arrived: the word, the figures, the subscriptions, the trial offer.
  await expect(
    page.getByRole("region", { name: "Today's Learning" }).getByRole("heading", { level: 3 }).nth(1),
  ).toBeVisible();
  await expect(page.getByTestId("membership-days")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your Subscriptions" }).getByRole("switch")).toBeVisible();
  await expect(page.getByRole("region", { name: "Free trial offer" })).toBeVisible();
  await expect(page.getByTestId("review-due-count")).toBeVisible();
  await page.waitForTimeout(1_500);
  const { total, shifts } = await layoutShifts(page);
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.02);
});

/** A day a pause may end on: the 15th of next month (tomorrow at the earliest, 3 months at the most). */
function fifteenthOfNextMonth() {
  const today = new Date();
  const day = new Date(today.getFullYear(), today.getMonth() + 1, 15);
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    iso: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
    long: new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    }).format(day),
  };
}

for (const theme of SHOT_THEMES) {
  test(`a paused learner sees the pause on the dashboard and on every subscription, and resumes there (${theme})`, async ({
    page,
  }) => {
    test.slow(); // two pages with axe
    await startWithTheme(page, theme);
    await signIn(page);
    await useTimeZone(page);
    await subscribeByApi(page, (await topicNamed(page, "finance")).id);
    const day = fifteenthOfNextMonth();
    await callApi(page, "PATCH", "/api/user/preferences", { pause: { until: day.iso } });

    await page.goto("/subscriptions");
    const card = page.getByRole("group", { name: /Finance/ });
    await expect(card.getByTestId("next-delivery")).toHaveText(`Paused until ${day.long}`);
    await expect(card).toContainText("Paused");
    await expect(card).not.toContainText("Active");
    await expectAccessibleInBothThemes(page);

    await page.goto("/");
    const notice = page.getByRole("region", { name: "Deliveries paused" });
    await expect(notice).toContainText(`Deliveries paused until ${day.long}.`);
    await expect(page.getByRole("region", { name: "Your Subscriptions" })).toContainText(
      `Paused until ${day.long}`,
    );
    await expectAccessibleInBothThemes(page);
    await notice.getByRole("button", { name: "Resume now" }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Your Subscriptions" })).not.toContainText("Paused until");
    expect((await callApi(page, "GET", "/api/preferences")).pause).toBeNull();
  });
}
