import type { Page } from "@playwright/test";
import { MIDDAY_ZONE, runDeliveries, subscribeInApp, useTimeZone } from "./support/deliveries";
import { expect, signIn, startWithTheme, test } from "./support/fixtures";

/* Review screenshots of the learner's screens (SHOTS=1 only): /tmp/shots/learner-<screen>-<project>-<theme>.png */

test.use({ timezoneId: MIDDAY_ZONE });

const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

async function shoot(page: Page, name: string, project: string, theme: string, fullPage = true) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${DIR}/learner-${name}-${project}-${theme}.png`, fullPage });
}

for (const theme of ["light", "dark"] as const) {
  test(`learner screens, ${theme}`, async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    await startWithTheme(page, theme);
    await signIn(page, { firstName: "grace" });
    await useTimeZone(page);

    await page.goto("/");
    await expect(page.getByText("No content delivered today")).toBeVisible();
    await shoot(page, "dashboard-empty", project, theme);
    await page.goto("/favorites");
    await expect(page.getByText("No favorites yet")).toBeVisible();
    await shoot(page, "favorites-empty", project, theme);
    await page.goto("/history");
    await expect(page.getByText("No learning history yet")).toBeVisible();
    await shoot(page, "history-empty", project, theme);

    await subscribeInApp(page, { topic: "finance", minutesAhead: 1 });
    await runDeliveries(page, 7);
    const recent = (await (await page.request.get("/api/activity/recent")).json()) as {
      content: { id: number };
    }[];
    for (const item of recent.slice(0, 6)) {
      await page.request.post("/api/favorites", {
        data: { contentId: item.content.id },
        headers: { origin: new URL(page.url()).origin },
      });
    }
    await page.goto("/");
    await expect(page.getByText("View all 6 favorites")).toBeVisible();
    await shoot(page, "dashboard", project, theme);
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await shoot(page, "notifications", project, theme, false);
    await page.keyboard.press("Escape");

    await page.goto("/favorites");
    await expect(page.getByRole("list", { name: "Saved words" })).toBeVisible();
    await shoot(page, "favorites", project, theme);

    await page.goto("/history");
    await page.getByRole("button", { name: /^View date/ }).click();
    await shoot(page, "history-calendar", project, theme, false);
    await page.getByRole("gridcell", { selected: true }).getByRole("button").click();
    await expect(page.getByText("Pending Delivery").or(page.getByRole("region").first())).toBeVisible();
    await shoot(page, "history", project, theme);
  });
}
