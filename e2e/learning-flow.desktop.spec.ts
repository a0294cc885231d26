import type { Page } from "@playwright/test";
import { MIDDAY_ZONE, recentWords, runDeliveries, subscribeInApp, useTimeZone } from "./support/deliveries";
import { expect, signIn, test, toastTitled } from "./support/fixtures";

/*
 * The learner's whole story on the real server: subscribe with in-app delivery, receive words from the real
 * engine, read / dismiss / clear them in the bell, save today's word from the dashboard, find it in
 * Favorites and History.
 */

test.use({ timezoneId: MIDDAY_ZONE });

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });

test("subscribe, receive words, handle the bell, favorite today's word, find it everywhere", async ({
  page,
}) => {
  await signIn(page);
  await useTimeZone(page);
  await subscribeInApp(page, { topic: "finance", minutesAhead: 2 });

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
  await expect(page.getByText("No content delivered today")).toBeVisible();
  const subscriptions = page.getByRole("region", { name: "Your Subscriptions" });
  await expect(subscriptions.getByRole("switch", { name: "Active: Finance" })).toBeChecked();
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  // Three real sends: today's (in two minutes), then the next two days'. None is answered, so each brings its new
  // word and every earlier word rides along as a review (issue 22): 1 + 2 + 3 = six words in the bell.
  expect(await runDeliveries(page, 3)).toBe(6);
  const recent = await recentWords(page);
  const [third, second, first] = recent.filter((item) => item.kind === "new");
  if (!first || !second || !third) throw new Error("expected three new words");
  expect(
    recent
      .filter((item) => item.kind === "review")
      .map((item) => item.content.word)
      .sort(),
  ).toEqual([first.content.word, first.content.word, second.content.word].sort());

  // The poll brings the badge within a couple of seconds, without a reload.
  await expect(bell(page)).toHaveAccessibleName("Notifications, 6 unread");
  await expect(page.getByTestId("notification-badge")).toHaveText("6");

  await bell(page).click();
  const dropdown = page.getByRole("dialog", { name: "Notifications" });
  const list = dropdown.getByRole("list", { name: "Recent words" });
  await expect(list.getByRole("listitem")).toHaveCount(6);
  await expect(list.getByRole("listitem").first()).toContainText(recent[0]!.content.word);
  await expect(list.getByRole("listitem").first()).toContainText("Finance");
  await expect(list.getByRole("listitem").last()).toContainText(first.content.word);
  await expect(list.getByRole("listitem").last()).toContainText("Just now");
  // A review asks before it tells: its row hides the definition.
  await expect(list.getByRole("listitem").filter({ hasText: "Recall it, then answer" })).toHaveCount(3);

  // Click marks read; X dismisses; Clear All empties the list. (A new word's row is named with its definition.)
  // (A locator of the page: `filter({ has })` looks for it inside each item.)
  const newRow = (word: typeof first) =>
    page.getByRole("button", {
      name: `${word.content.word} (unread): ${word.content.definition}`,
      exact: true,
    });
  await list.locator(newRow(first)).click();
  await expect(bell(page)).toHaveAccessibleName("Notifications, 5 unread");
  await list
    .getByRole("listitem")
    .filter({ has: newRow(second) })
    .getByRole("button", { name: `Dismiss ${second.content.word}` })
    .click();
  await expect(list.getByRole("listitem")).toHaveCount(5);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 4 unread");
  await dropdown.getByRole("button", { name: "Clear All" }).click();
  await expect(dropdown.getByText("You're all caught up")).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  // Still cleared after the next polls.
  await page.waitForTimeout(2500);
  await expect(dropdown.getByText("You're all caught up")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dropdown).toBeHidden();

  // Today's Learning holds only today's word ('1 of 1', learner-core §2); save it with the heart.
  const today = page.getByRole("region", { name: "Today's Learning" });
  await expect(today.getByRole("heading", { name: first.content.word })).toBeVisible();
  await expect(today.getByText("1 of 1")).toBeVisible();
  await today.getByRole("button", { name: `Add ${first.content.word} to favorites` }).click();
  await expect(toastTitled(page, "Added to favorites")).toBeVisible();
  await expect(
    today.getByRole("button", { name: `Remove ${first.content.word} from favorites` }),
  ).toHaveAttribute("aria-pressed", "true");
  const favoritesCard = page.getByRole("region", { name: "Your Favorites" });
  await expect(favoritesCard.getByText("1 saved definition")).toBeVisible();
  await expect(favoritesCard.getByRole("heading", { name: first.content.word })).toBeVisible();
  await expect(favoritesCard.getByText(/Saved (Just now|\d+m ago)/)).toBeVisible();

  // Favorites: the card, and the search over word, definition and topic.
  await page.goto("/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  const saved = page.getByRole("list", { name: "Saved words" }).getByRole("listitem");
  await expect(saved).toHaveCount(1);
  await expect(saved.first().getByRole("heading", { name: first.content.word })).toBeVisible();
  const searchFavorites = page.getByRole("searchbox", { name: "Search favorites" });
  await searchFavorites.fill(first.content.definition.slice(0, 12).toUpperCase());
  await expect(saved).toHaveCount(1);
  await searchFavorites.fill("finance");
  await expect(saved).toHaveCount(1);
  await searchFavorites.fill("no such word anywhere");
  await expect(page.getByText("No matching favorites")).toBeVisible();

  // History: today's group by default; search; every date.
  await page.goto("/history");
  await expect(page.getByRole("heading", { level: 1, name: "Learning History" })).toBeVisible();
  const todayGroup = page.getByRole("region", { name: /^Today/ });
  await expect(todayGroup.getByRole("heading", { name: first.content.word })).toBeVisible();
  await expect(todayGroup.getByText("1 word")).toBeAttached();
  const searchHistory = page.getByRole("searchbox", { name: "Search words or definitions" });
  await searchHistory.fill(first.content.word.toLowerCase());
  await expect(todayGroup.getByRole("heading", { name: first.content.word })).toBeVisible();
  await searchHistory.fill("no such word anywhere");
  await expect(page.getByText("No results found")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).last().click();
  await page.getByRole("button", { name: /^View date/ }).click();
  await page.getByRole("gridcell", { selected: true }).getByRole("button").click();
  await expect(page.getByRole("button", { name: "View date All dates" })).toBeVisible();
  // Every delivery is an entry: the first word came three times (new, then a review on each later day), the second
  // twice, the third once.
  for (const [word, times] of [
    [first, 3],
    [second, 2],
    [third, 1],
  ] as const) {
    await expect(page.getByRole("heading", { name: word.content.word, exact: true })).toHaveCount(times);
  }
  // The saved word's heart is on in the history too, on each of its entries.
  await expect(page.getByRole("button", { name: `Remove ${first.content.word} from favorites` })).toHaveCount(
    3,
  );
});
