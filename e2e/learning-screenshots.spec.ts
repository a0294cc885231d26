import type { Page } from "@playwright/test";
import {
  deliverWordsToday,
  MIDDAY_ZONE,
  runDeliveries,
  subscribeByEmailAtMidday,
  useTimeZone,
} from "./support/deliveries";
import { expect, signIn, startWithTheme, test } from "./support/fixtures";
import { dueCards, gradeByApi } from "./support/learning";

/* Review screenshots of the learning loop (SHOTS=1 only): /tmp/shots/learning-<screen>-<project>-<theme>.png */

test.use({ timezoneId: MIDDAY_ZONE });

const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

async function shoot(page: Page, name: string, project: string, theme: string, fullPage = true) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${DIR}/learning-${name}-${project}-${theme}.png`, fullPage });
}

for (const theme of ["light", "dark"] as const) {
  test(`learning screens, ${theme}`, async ({ page }, testInfo) => {
    test.slow();
    const project = testInfo.project.name;
    await startWithTheme(page, theme);
    await signIn(page, { firstName: "grace" });
    await useTimeZone(page);

    await page.goto("/review");
    await expect(page.getByRole("heading", { name: "Nothing to review" })).toBeVisible();
    await shoot(page, "review-empty", project, theme);

    await deliverWordsToday(page, 5);
    // Some history for the charts: two words graded before the session.
    const [first, second] = await dueCards(page);
    if (first && second) {
      await gradeByApi(page, first.cardId, 3);
      await gradeByApi(page, second.cardId, 1);
    }

    await page.goto("/");
    await expect(page.getByTestId("review-due-count")).toBeVisible();
    await shoot(page, "dashboard", project, theme);
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    const dropdown = page.getByRole("dialog", { name: "Notifications" });
    await dropdown.getByRole("button", { name: "Knew it" }).first().click();
    await expect(dropdown.getByRole("button", { name: "Knew it" })).toHaveCount(2);
    // The buttons' intervals arrive a round trip after the dropdown opens (GET /api/review/previews).
    await expect(dropdown.getByRole("button", { name: /^Knew it\W+comes back in / })).toHaveCount(2);
    await shoot(page, "dropdown", project, theme, false);
    await page.keyboard.press("Escape");

    await page.goto("/review");
    await expect(page.getByRole("button", { name: "Show answer" })).toBeVisible();
    await shoot(page, "review-question", project, theme);
    await page.keyboard.press("Space");
    await shoot(page, "review-answer", project, theme);
    await page.keyboard.press("3");
    await page.getByRole("button", { name: "Multiple choice" }).click();
    await expect(
      page.getByText("Which definition is right?").or(page.getByText(/Not enough words/)),
    ).toBeVisible();
    await shoot(page, "review-choice", project, theme);
    await page.keyboard.press("1");
    await expect(
      page.getByText(/graded/).or(page.getByRole("button", { name: "Show answer" })),
    ).toBeVisible();
    await shoot(page, "review-choice-answered", project, theme);

    await page.getByRole("button", { name: "Flashcards" }).click();
    for (let card = 0; card < 5; card += 1) {
      if (await page.getByRole("heading", { name: "Session complete" }).isVisible()) break;
      const next = page.getByRole("button", { name: "Next" });
      if (await next.isVisible()) await next.click();
      else {
        await page.getByRole("button", { name: "Show answer" }).click();
        await page.getByRole("button", { name: /^Good/ }).click();
      }
    }
    await expect(page.getByRole("heading", { name: "Session complete" })).toBeVisible();
    await shoot(page, "review-done", project, theme);

    await page.goto("/progress");
    // Every chart drew its marks once the reader reached it: the due days' bars, the week's dot, the topics' bars.
    for (const [chart, marks] of [
      ["Due in the next 30 days", "chart-bar"],
      ["Retention by week", "chart-dot"],
      ["Recall by topic", "chart-bar"],
    ] as const) {
      await page.getByRole("region", { name: chart }).scrollIntoViewIfNeeded();
      await expect(page.getByRole("region", { name: chart }).getByTestId(marks).first()).toBeVisible();
    }
    // The whole page from its top, the sticky header where a reader opening it sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, "progress", project, theme);
  });
}

for (const theme of ["light", "dark"] as const) {
  test(`review parameters in Settings, ${theme}`, async ({ page }, testInfo) => {
    await startWithTheme(page, theme);
    await signIn(page);
    await page.goto("/settings?tab=notifications");
    await expect(page.getByTestId("review-parameters")).toBeVisible();
    await page.getByTestId("review-parameters").scrollIntoViewIfNeeded();
    await shoot(page, "settings-review-parameters", testInfo.project.name, theme, false);
  });
}

for (const theme of ["light", "dark"] as const) {
  test(`the Quick review e-mail, its answer page and where reviews go, ${theme}`, async ({
    page,
  }, testInfo) => {
    test.slow(); // two deliveries through the engine and the mailbox
    const project = testInfo.project.name;
    await startWithTheme(page, theme);
    // The answer page is the server's and follows the device's setting, as a page opened from an e-mail must.
    await page.emulateMedia({ colorScheme: theme });
    const user = await signIn(page);
    await useTimeZone(page);
    await subscribeByEmailAtMidday(page);
    await runDeliveries(page);
    await runDeliveries(page);
    const mails = (
      (await (await page.request.get("/api/dev/mailbox")).json()) as { to: string; html: string }[]
    ).filter((message) => message.to === user.email);
    const quickReview = mails.find((message) => message.html.includes("Quick review"));
    if (!quickReview) throw new Error("no Quick review e-mail");
    await page.setContent(quickReview.html);
    // A mail client in dark mode that honours the device's setting shows the e-mail dark, its words light.
    const word = page.getByText("Quick review", { exact: true });
    const colours = await word.evaluate((element) => ({
      text: getComputedStyle(element).color,
      page: getComputedStyle(document.body).backgroundColor,
    }));
    expect(colours).toEqual(
      theme === "dark"
        ? { text: "rgb(241, 245, 249)", page: "rgb(2, 6, 23)" }
        : { text: "rgb(15, 23, 42)", page: "rgb(248, 250, 252)" },
    );
    await shoot(page, "quick-review-email", project, theme);

    await page.goto((await page.getByRole("link", { name: "I remember" }).getAttribute("href"))!);
    await shoot(page, "answer-page-asks", project, theme);
    await page.getByRole("button", { name: "Save my answer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Answer saved" })).toBeVisible();
    await shoot(page, "answer-page-saved", project, theme);

    await page.goto("/settings?tab=notifications");
    const choices = page.getByRole("group", { name: "Where reviews go" });
    await choices.scrollIntoViewIfNeeded();
    await shoot(page, "settings-where-reviews-go", project, theme, false);
  });
}
