import type { DeliveredItem } from "../src/shared/api/notifications";
import { MIDDAY_ZONE, middayClock, runDeliveries, useTimeZone } from "./support/deliveries";
import { expect, signIn, test } from "./support/fixtures";
import { listSubscriptionsByApi } from "./support/subscriptions";

/*
 * Issue 14 on the real server: the learner chooses a level in the modal, the engine delivers a word of that
 * level first, and the word card shows what the library says about it (part of speech, note, a verse's source).
 */

test.use({ timezoneId: MIDDAY_ZONE });

test("choose the Advanced level in the modal, receive a word, see its level-specific details", async ({
  page,
}) => {
  // A whole flow (modal, a delivery, two pages): more than one screen's default budget on a shared machine.
  test.setTimeout(90_000);
  await signIn(page);
  await useTimeZone(page);
  await page.goto("/subscriptions");
  await page.getByRole("button", { name: "Add New Subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "New Subscription" });
  await dialog
    .getByRole("list", { name: "Topics" })
    .getByRole("button", { name: /Finance/ })
    .click();

  // Intermediate is the default; each level says in one line what it means.
  await expect(dialog.getByRole("radio", { name: /^Intermediate/ })).toBeChecked();
  await expect(dialog.getByText("Specialist, precise terms of the trade.")).toBeVisible();
  await dialog.getByRole("radio", { name: /^Advanced/ }).check();
  await dialog.getByRole("switch", { name: "In-app notifications" }).click();
  await dialog.getByLabel("Delivery time").fill(middayClock(2));
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog).toBeHidden();

  const [subscription] = await listSubscriptionsByApi(page);
  expect(subscription?.level).toBe(3);
  await expect(page.getByTestId("subscription-level")).toHaveText("Advanced");

  expect(await runDeliveries(page)).toBe(1);
  const response = await page.request.get("/api/activity/today");
  const [item] = (await response.json()) as DeliveredItem[];
  if (!item) throw new Error("expected today's word");

  await page.goto("/");
  const today = page.getByRole("region", { name: "Today's Learning" });
  await expect(today.getByRole("heading", { name: item.content.word })).toBeVisible();
  // What the library gives for this word is shown, and nothing is shown where it gives nothing.
  const details: [string, string | null][] = [
    ["part-of-speech", item.content.partOfSpeech],
    ["word-note", item.content.note],
    ["word-origin", item.content.origin],
    ["verse-reference", item.content.reference],
  ];
  for (const [testId, value] of details) {
    if (value) await expect(today.getByTestId(testId)).toContainText(value);
    else await expect(today.getByTestId(testId)).toHaveCount(0);
  }

  // History shows the same card.
  await page.goto("/history");
  await expect(page.getByRole("heading", { name: item.content.word })).toBeVisible();
  if (item.content.partOfSpeech) {
    await expect(page.getByTestId("part-of-speech").first()).toHaveText(item.content.partOfSpeech);
  }
});
