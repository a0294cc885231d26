import type { Page } from "@playwright/test";
import { deliverWordsToday, MIDDAY_ZONE, useTimeZone } from "./support/deliveries";
import { expect, expectAccessibleInBothThemes, signIn, test } from "./support/fixtures";
import { definitionOf, dueCards } from "./support/learning";

/* Issue 22 in the app (ask before telling; grade buttons that say when) and issue 29 (the badge follows an answer;
   review keys that always work), desktop and 390 px, light and dark. */

test.use({ timezoneId: MIDDAY_ZONE });

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const dropdown = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const badge = (page: Page) => page.getByTestId("notification-badge");
const cardWord = (page: Page) => page.getByRole("heading", { level: 2 }).first();
const grades = (page: Page) => page.getByRole("group", { name: "How well did you know it?" });

test(`/review hides the definition until revealed, and each grade says when the word comes back`, async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await useTimeZone(page);
  await deliverWordsToday(page, 1);
  const due = await dueCards(page);
  await page.goto("/review");
  const word = (await cardWord(page).textContent()) ?? "";
  const definition = definitionOf(due, word);
  await expect(page.getByRole("button", { name: "Show answer" })).toBeVisible();
  await expect(page.getByText(definition)).toHaveCount(0);

  await page.getByRole("button", { name: "Show answer" }).click();
  await expect(page.getByText(definition)).toBeVisible();
  // Anki's way: every button names its interval, and the buttons are in view on a phone.
  for (const name of ["Again", "Hard", "Good", "Easy"]) {
    await expect(
      grades(page).getByRole("button", { name: new RegExp(`^${name}\\W+comes back in \\d`) }),
    ).toBeVisible();
  }
  await expect(grades(page)).toBeInViewport();
  // Both screens (the question, and the answer with its grades) pass axe in review.spec.ts, on both projects.
});

test(`an answer in the bell clears its badge at once and after a reload`, async ({ page }) => {
  test.slow();
  await signIn(page);
  await useTimeZone(page);
  await deliverWordsToday(page, 1);
  await page.goto("/");
  await expect(badge(page)).toHaveText("1");
  await bell(page).click();
  const item = dropdown(page).getByRole("list", { name: "Recent words" }).getByRole("listitem").first();
  await expect(item.getByRole("button", { name: /^Knew it\W+comes back in / })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await item.getByRole("button", { name: /^Knew it/ }).click();
  await expect(item).toContainText(/Knew it · comes back (tomorrow|in \d+ days|with your next words)/);
  await expect(badge(page)).toHaveCount(0);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect(badge(page)).toHaveCount(0);
});

test(
  "an answer on /review clears the word's badge, and Today's Learning shows the grade",
  { tag: "@desktop" },
  async ({ page }) => {
    test.slow();
    await signIn(page);
    await useTimeZone(page);
    await deliverWordsToday(page, 1);
    await page.goto("/");
    await expect(badge(page)).toHaveText("1");
    const today = page.getByRole("region", { name: "Today's Learning" });
    await expect(today.getByRole("button", { name: /^Didn't know/ })).toBeVisible();

    await page.goto("/review");
    await page.getByRole("button", { name: "Show answer" }).click();
    await grades(page).getByRole("button", { name: /^Good/ }).click();
    await expect(page.getByRole("heading", { name: "Session complete" })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);

    await page.goto("/");
    // Good on /review is Good, wherever it shows ("Knew it" on a new word is the quick answer's Easy, issue 22).
    await expect(today).toContainText(/Good · comes back/);
    await expect(today.getByRole("button", { name: /^Didn't know/ })).toHaveCount(0);
    await expect(badge(page)).toHaveCount(0);
  },
);

test("Space after the mode toggle reveals the card; switching mode keeps the session's place", async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await useTimeZone(page);
  await deliverWordsToday(page, 3);
  const due = await dueCards(page);
  await page.goto("/review");
  const first = (await cardWord(page).textContent()) ?? "";

  await page.getByRole("button", { name: "Multiple choice" }).click();
  await expect(page.getByText("Which definition is right?")).toBeVisible();
  await page.getByRole("button", { name: "Flashcards" }).click();
  await expect(page.getByRole("button", { name: "Flashcards" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByText(definitionOf(due, first))).toBeVisible();
  await expect(page.getByRole("button", { name: "Flashcards" })).toHaveAttribute("aria-pressed", "true");

  // Answer the next card by multiple choice, then switch back: it is not asked again.
  await page.keyboard.press("3");
  const second = cardWord(page);
  await expect(second).not.toHaveText(first);
  const secondWord = (await second.textContent()) ?? "";
  await page.getByRole("button", { name: "Multiple choice" }).click();
  await expect(page.getByRole("button", { name: "Multiple choice" })).toHaveAttribute("aria-pressed", "true");
  const choices = page.getByRole("list", { name: "Which definition is right?" }).getByRole("button");
  await expect(choices).toHaveCount(3);
  const texts = await choices.allTextContents();
  const right = texts.findIndex((text) => text.includes(definitionOf(due, secondWord))) + 1;
  await page.keyboard.press(String(right));
  await expect(page.getByText("Right: graded Hard")).toBeVisible();
  await expect(page.getByText(new RegExp(`${secondWord} comes back`))).toBeVisible();
  const next = page.getByRole("button", { name: "Next" });
  await expect(next).toBeFocused();
  await expect(next).toBeInViewport();

  await page.getByRole("button", { name: "Flashcards" }).click();
  await expect(cardWord(page)).not.toHaveText(secondWord);
  await expect(page.getByRole("progressbar", { name: "Session progress" })).toHaveAttribute(
    "aria-valuenow",
    "2",
  );
});
