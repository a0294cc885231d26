import {
  favoriteByApi,
  MIDDAY_ZONE,
  recentWords,
  runDeliveries,
  subscribeInApp,
  useTimeZone,
} from "./support/deliveries";
import { expect, expectAccessibleInBothThemes, signIn, test, toastTitled } from "./support/fixtures";
import { withClipboardOnlySharing } from "./support/share";

test.use({ timezoneId: MIDDAY_ZONE });

test(`no favorites yet, with the way to History`, async ({ page }) => {
  await signIn(page);
  await page.goto("/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole("link", { name: "Go to History" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Learning History" })).toBeVisible();
});

test(`saved words: the whole card, search, share and unfavorite`, async ({ page }) => {
  const { readClipboard } = await withClipboardOnlySharing(page);
  await signIn(page);
  await useTimeZone(page);
  await subscribeInApp(page, { topic: "finance" });
  await runDeliveries(page, 2);
  const [second, first] = await recentWords(page);
  if (!first || !second) throw new Error("expected two words");
  await favoriteByApi(page, [first.content.id, second.content.id]);
  const word = (
    (await (await page.request.get("/api/favorites")).json()) as {
      content: { word: string; definition: string; example: string; pronunciation: string };
    }[]
  )[1]?.content;
  if (!word) throw new Error("no favorite");

  await page.goto("/favorites");
  await expect(page.getByText("2 saved definitions")).toBeVisible();
  const cards = page.getByRole("list", { name: "Saved words" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  const card = cards.filter({ has: page.getByRole("heading", { name: word.word, exact: true }) });
  await expect(card.getByText("Finance", { exact: true })).toBeVisible();
  await expect(card.getByText(word.definition)).toBeVisible();
  await expect(card.getByText(word.example)).toBeVisible();
  await expect(card.getByText(word.pronunciation)).toBeVisible();
  await expect(card.getByRole("button", { name: `Pronounce ${word.word}` })).toBeVisible();
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(new Date()),
  );
  await expect(card.getByText(`Saved ${today}`)).toBeVisible();
  await expectAccessibleInBothThemes(page);

  const search = page.getByRole("searchbox", { name: "Search favorites" });
  await search.fill(word.word.toUpperCase());
  await expect(cards).toHaveCount(1);
  await expect(page.getByText("1 of 2 favorites")).toBeVisible();
  await search.fill("definitely not a saved word");
  await expect(page.getByRole("heading", { name: "No matching favorites" })).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(cards).toHaveCount(2);

  await card.getByRole("button", { name: `Share ${word.word}` }).click();
  await expect(toastTitled(page, "Copied to clipboard")).toBeVisible();
  expect(await readClipboard()).toMatch(new RegExp(`^${word.word}: `));

  for (const saved of [first, second]) {
    await page.getByRole("button", { name: `Remove ${saved.content.word} from favorites` }).click();
    await expect(toastTitled(page, "Removed from favorites")).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
});
