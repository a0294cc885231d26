import type { Page } from "@playwright/test";
import { deliverWordsToday, MIDDAY_ZONE, useTimeZone } from "./support/deliveries";
import { expect, expectAccessibleInBothThemes, signIn, test } from "./support/fixtures";
import { definitionOf, dueCards, progressOf } from "./support/learning";

test.use({ timezoneId: MIDDAY_ZONE });

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const dropdown = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const cardWord = (page: Page) => page.getByRole("heading", { level: 2 }).first();

test(
  "a word is graded from the notification dropdown, and stays graded",
  { tag: "@desktop" },
  async ({ page }) => {
    test.slow();
    await signIn(page);
    await useTimeZone(page);
    await deliverWordsToday(page, 2);
    await page.goto("/");
    await bell(page).click();
    const items = dropdown(page).getByRole("list", { name: "Recent words" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    const [newest, older] = [items.nth(0), items.nth(1)];

    await newest.getByRole("button", { name: "Knew it" }).click();
    await expect(newest.getByText("Knew it", { exact: false })).toBeVisible();
    await expect(newest.getByRole("button", { name: "Knew it" })).toHaveCount(0);
    await older.getByRole("button", { name: "Didn't know" }).click();
    await expect(older.getByRole("button", { name: "Didn't know" })).toHaveCount(0);
    await expect(older).toContainText("Didn't know");

    // The grade is the server's: after a reload the rows still show it, and the streak has begun.
    await page.reload();
    await bell(page).click();
    await expect(items.nth(0)).toContainText("Knew it");
    await expect(items.nth(0).getByRole("button", { name: "Knew it" })).toHaveCount(0);
    expect((await progressOf(page)).streak).toBe(1);
  },
);

test(
  "a review session by keyboard: reveal with Space, grade with 1–4, then the figures",
  { tag: "@desktop" },
  async ({ page }) => {
    await signIn(page);
    await useTimeZone(page);
    await deliverWordsToday(page, 2);
    expect(await dueCards(page)).toHaveLength(2);

    await page.goto("/");
    await expect(page.getByTestId("review-due-count")).toHaveText("2 words to review");
    await page.getByRole("region", { name: "Review" }).getByRole("link", { name: "Start" }).click();
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();

    const due = await dueCards(page);
    const first = (await cardWord(page).textContent()) ?? "";
    await expect(page.getByText(definitionOf(due, first))).toBeHidden();
    await page.keyboard.press("Space");
    await expect(page.getByText(definitionOf(due, first))).toBeVisible();
    // The answer side shows the word's origin where the library gives one, and nothing where it gives none.
    const origin = due.find((card) => card.content.word === first)?.content.origin;
    if (origin) await expect(page.getByTestId("review-origin")).toContainText(origin);
    else await expect(page.getByTestId("review-origin")).toHaveCount(0);
    await page.keyboard.press("3");

    await expect(cardWord(page)).not.toHaveText(first);
    await expect(cardWord(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: /^Again/ })).toBeVisible();
    await page.keyboard.press("1");

    await expect(page.getByRole("heading", { name: "Session complete" })).toBeVisible();
    await expect(page.getByTestId("session-reviewed")).toHaveText("2 words");
    const counts = page.locator("dl");
    await expect(counts.getByText("Good").locator("..")).toContainText("1");
    await expect(counts.getByText("Again").locator("..")).toContainText("1");
    // No minute steps (issue 22): the word graded Again comes back at the next user day, the soonest of the two.
    await expect(page.getByText(/^Next card due in (24 hours|1 day)\.$/)).toBeVisible();

    const progress = await progressOf(page);
    expect(progress.streak).toBe(1);
    await page.getByRole("link", { name: "See your progress" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Progress" })).toBeVisible();
    await expect(page.getByTestId("progress-streak")).toHaveText("1day");
  },
);

test(
  "multiple choice: the right definition grades Hard (practice)",
  { tag: "@desktop" },
  async ({ page }) => {
    test.slow();
    await signIn(page);
    await useTimeZone(page);
    await deliverWordsToday(page, 3);
    await page.goto("/review");
    await page.getByRole("button", { name: "Multiple choice" }).click();
    await expect(page.getByText("Which definition is right?")).toBeVisible();
    const choices = page.getByRole("list", { name: "Which definition is right?" }).getByRole("button");
    await expect(choices).toHaveCount(3);

    const due = await dueCards(page);
    const word = (await cardWord(page).textContent()) ?? "";
    const right = definitionOf(due, word);
    const texts = await choices.allTextContents();
    const key = texts.findIndex((text) => text.includes(right)) + 1;
    expect(key).toBeGreaterThan(0);
    await page.keyboard.press(String(key));
    await expect(page.getByText("Right: graded Hard")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(cardWord(page)).not.toHaveText(word);
  },
);

test("nothing due: the empty state points to Discover", { tag: "@desktop" }, async ({ page }) => {
  await signIn(page);
  await page.goto("/review");
  await expect(page.getByRole("heading", { name: "Nothing to review" })).toBeVisible();
  await page.getByRole("link", { name: "Discover new words" }).click();
  await expect(page).toHaveURL(/\/discover$/);
});

test(`the review screens have no serious axe violation`, async ({ page }) => {
  test.slow();
  await signIn(page);
  await useTimeZone(page);
  await deliverWordsToday(page, 1);
  await page.goto("/review");
  await expect(cardWord(page)).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole("button", { name: "Show answer" }).click();
  await expect(page.getByRole("group", { name: "How well did you know it?" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole("button", { name: /^Good/ }).click();
  await expect(page.getByRole("heading", { name: "Session complete" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await bell(page).click();
  await expect(dropdown(page)).toBeVisible();
  await expectAccessibleInBothThemes(page);
});
