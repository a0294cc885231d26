import { mkdirSync } from "node:fs";
import { DAY_MS } from "../src/shared/constants";
import { buyByApi } from "./support/billing";
import { callApi, expect, signIn, startWithTheme, test } from "./support/fixtures";

// Review screenshots for people, not assertions: SHOTS=1 npx playwright test schedule-screenshots
const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

for (const theme of ["light", "dark"] as const) {
  test(`schedule and words per send in ${theme}`, async ({ page }, testInfo) => {
    test.slow();
    mkdirSync(DIR, { recursive: true });
    const shot = (name: string, target = page.locator("body")) =>
      target.screenshot({ path: `${DIR}/schedule-${testInfo.project.name}-${theme}-${name}.png` });
    await startWithTheme(page, theme);
    await signIn(page);

    await page.goto("/settings?tab=notifications");
    const section = page
      .locator("div.rounded-2xl")
      .filter({ has: page.getByRole("heading", { level: 2, name: "Schedule" }) });
    const form = page.getByRole("form", { name: "Schedule" });
    await expect(form.getByLabel("Reviews per day")).toBeVisible();
    await shot("section-default", section);
    await form.getByRole("switch", { name: "Quiet hours" }).click();
    await form.getByLabel("Reviews per day").fill("0");
    await form.getByRole("button", { name: "Save schedule" }).click();
    await shot("section-editing", section);
    await form.getByLabel("Reviews per day").fill("30");
    await page.getByRole("button", { name: /^Pause until/ }).click();
    await expect(page.getByRole("dialog", { name: "Choose the day deliveries resume" })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${DIR}/schedule-${testInfo.project.name}-${theme}-picker.png` });
    await page.keyboard.press("Escape");

    await callApi(page, "PATCH", "/api/user/preferences", {
      quietHours: { start: "22:00", end: "07:00" },
      pause: { until: new Date(Date.now() + 20 * DAY_MS).toISOString().slice(0, 10) },
    });
    await page.reload();
    await expect(page.getByTestId("paused-until")).toBeVisible();
    await shot("section-paused", section);

    await page.goto("/discover");
    await page.getByRole("button", { name: "Subscribe to Science" }).click();
    const dialog = page.getByRole("dialog", { name: "New Subscription" });
    await dialog.getByRole("group", { name: "Words per send" }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${DIR}/schedule-${testInfo.project.name}-${theme}-modal-free.png` });
    await page.keyboard.press("Escape");

    await buyByApi(page, "pro");
    await page.reload();
    await page.getByRole("button", { name: "Subscribe to Science" }).click();
    await dialog.getByRole("radio", { name: "3 words per send" }).check();
    await dialog.getByRole("group", { name: "Words per send" }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${DIR}/schedule-${testInfo.project.name}-${theme}-modal-pro.png` });
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await page.goto("/subscriptions");
    await expect(page.getByTestId("words-per-send")).toBeVisible();
    await shot("card", page.getByRole("group", { name: "Science" }));
  });
}
