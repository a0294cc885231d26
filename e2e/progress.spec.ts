import { deliverWordsToday, MIDDAY_ZONE, useTimeZone } from "./support/deliveries";
import { expect, expectAccessibleInBothThemes, signIn, test } from "./support/fixtures";
import { dueCards, gradeByApi } from "./support/learning";

test.use({ timezoneId: MIDDAY_ZONE });

test(
  "the streak, the due figure and the charts change after grading",
  { tag: "@desktop" },
  async ({ page }) => {
    test.slow();
    await signIn(page);
    await useTimeZone(page);
    await deliverWordsToday(page, 2);

    await page.goto("/");
    const card = page.getByRole("region", { name: "Progress" });
    await expect(card.getByTestId("progress-streak")).toHaveText("0days");
    // Words only introduced are not yet recalled: the honest figure starts at 0.
    await expect(card.getByTestId("progress-recall")).toHaveText("0words");
    await card.getByRole("link", { name: "View progress" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Progress" })).toBeVisible();
    await expect(page.getByTestId("progress-dueToday")).toHaveText("2words");
    const forecast = page.getByRole("table", { name: "Due in the next 30 days" });
    await expect(forecast.getByRole("row").nth(1)).toContainText("2");
    const retention = page.getByRole("table", { name: "Retention by week" });
    await expect(retention.getByRole("row")).toHaveCount(1);

    for (const due of await dueCards(page)) await gradeByApi(page, due.cardId, 3);
    await page.reload();
    await expect(page.getByTestId("progress-streak")).toHaveText("1day");
    await expect(page.getByTestId("progress-dueToday")).toHaveText("0words");
    // Both words just recalled count whole, and a week ago nothing was graded yet.
    await expect(page.getByTestId("progress-recall")).toHaveText("2words");
    await expect(page.getByTestId("progress-recall-trend")).toContainText("0 a week ago, 0 a month ago");
    await expect(retention.getByRole("row").nth(1)).toContainText("100%");
    await expect(page.getByRole("table", { name: "Recall by topic" })).toContainText("Finance");
    // The charts themselves drew the topic's bar and the week's dot.
    await expect(page.getByRole("region", { name: "Recall by topic" }).getByTestId("chart-bar")).toHaveCount(
      1,
    );
    await expect(
      page.getByRole("region", { name: "Retention by week" }).getByTestId("chart-dot"),
    ).toHaveCount(1);
  },
);

test.describe("a member with a word delivered today and graded", () => {
  test.beforeEach(async ({ page }) => {
    test.slow();
    await signIn(page);
    await useTimeZone(page);
    await deliverWordsToday(page, 1);
    for (const due of await dueCards(page)) await gradeByApi(page, due.cardId, 3);
    await page.goto("/progress");
    await expect(page.getByTestId("progress-streak")).toHaveText("1day");
  });

  test(`Progress has no serious axe violation`, async ({ page }) => {
    await expect(page.getByTestId("progress-recall")).toHaveText("1word");
    await expect(
      page.getByRole("region", { name: "Retention by week" }).getByTestId("chart-dot"),
    ).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Progress" }).getByTestId("progress-recall")).toHaveText(
      "1word",
    );
    await expectAccessibleInBothThemes(page);
  });

  test(
    "on a phone a chart below the fold is drawn as the reader nears it, in a box that keeps its height",
    { tag: "@mobile" },
    async ({ page }) => {
      const topics = page.getByRole("region", { name: "Recall by topic" });
      await expect(topics.getByRole("table")).toContainText("Finance");
      const heightBefore = (await topics.boundingBox())?.height;
      await expect(topics.getByTestId("chart-bar")).toHaveCount(0);

      await topics.scrollIntoViewIfNeeded();
      await expect(topics.getByTestId("chart-bar")).toBeVisible();
      expect((await topics.boundingBox())?.height).toBe(heightBefore);
    },
  );
});
