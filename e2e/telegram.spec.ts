import type { Page } from "@playwright/test";
import { middayClock, MIDDAY_ZONE, runDeliveries, subscribeInApp, useTimeZone } from "./support/deliveries";
import { expect, expectAccessibleInBothThemes, signIn, test } from "./support/fixtures";

// The browser in the zone the members save (useTimeZone): History opens on the browser's day, which must be theirs
// (in a UTC browser, a word sent just after midnight UTC to a member still on the previous day was not on it).
test.use({ timezoneId: MIDDAY_ZONE });

// Issue 26: Telegram linked from Settings through the local Bot API emulator (no bot token here), the next word
// received in the local outbox on /dev/mailbox, and a review answered there with its button.

interface OutboxMessage {
  chatId: number;
  text: string;
  buttons: { text: string; callbackData: string }[][];
}

/** A chat of its own, so parallel runs never read each other's messages. */
const freshChatId = () => 100_000 + Math.floor(Math.random() * 1e9);

async function messagesTo(page: Page, chatId: number): Promise<OutboxMessage[]> {
  const all = (await (await page.request.get("/api/dev/telegram")).json()) as OutboxMessage[];
  return all.filter((message) => message.chatId === chatId);
}

/** This chat's messages on the mailbox page's Telegram section (other runs' chats share the page). */
const chatOnPage = (page: Page, chatId: number) =>
  page
    .getByRole("list", { name: "Telegram messages" })
    .getByRole("listitem")
    .filter({ hasText: `Chat ${chatId} ·` });

/**
 * Connect in Settings opens the deep link (Telegram itself is not reachable here): its start token is sent to the
 * bot from the local outbox's chat, as Telegram's app would.
 */
async function linkTelegram(page: Page, chatId: number) {
  await page.goto("/settings?tab=notifications");
  await page
    .context()
    .route("https://t.me/**", (route) => route.fulfill({ contentType: "text/html", body: "" }));
  const [deepLink] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: "Connect Telegram" }).click(),
  ]);
  const link = deepLink.url();
  expect(link).toMatch(/^https:\/\/t\.me\/JargonLocalBot\?start=/);
  await deepLink.close();
  await page.goto("/dev/mailbox");
  await page.getByLabel("Chat").fill(String(chatId));
  await page.getByLabel("Message or Connect link").fill(link);
  await page.getByRole("button", { name: "Send to the bot" }).click();
  await expect(chatOnPage(page, chatId).getByText(/Connected to Jargon\./)).toBeVisible();
}

test("links Telegram from Settings, receives the next word in the local outbox and answers a review there", async ({
  page,
}) => {
  const chatId = freshChatId();
  await signIn(page);
  await useTimeZone(page);
  await subscribeInApp(page);

  await page.goto("/settings?tab=notifications");
  await expect(page.getByText("Not linked")).toBeVisible();
  await expectAccessibleInBothThemes(page);

  await linkTelegram(page, chatId);

  await page.goto("/settings?tab=notifications");
  await expect(page.getByText("Linked", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Disconnect" })).toBeVisible();

  // The first word arrives in the chat; "New to me" brings it back the next day, asked before it is told.
  expect(await runDeliveries(page)).toBe(1);
  await expect.poll(async () => (await messagesTo(page, chatId)).length).toBe(2);
  await page.goto("/dev/mailbox");
  await chatOnPage(page, chatId).getByRole("button", { name: "New to me" }).click();
  await expect(chatOnPage(page, chatId).getByText(/Comes back/)).toBeVisible();

  expect(await runDeliveries(page)).toBeGreaterThanOrEqual(1);
  await page.goto("/dev/mailbox");
  const review = chatOnPage(page, chatId).filter({ hasText: /Remember / });
  await expect(review).toHaveCount(1);
  await review.getByRole("button", { name: /: I remember$/ }).click();
  // The message edited itself: the question gave way to the definition and when the word comes back.
  await expect(chatOnPage(page, chatId).filter({ hasText: /Remember / })).toHaveCount(0);
  await expect(chatOnPage(page, chatId).getByRole("button", { name: /: I remember$/ })).toHaveCount(0);
  await expect(chatOnPage(page, chatId).getByText(/Comes back/)).not.toHaveCount(0);
});

test("offers Telegram in the subscription modal once linked, on by default, and shows its icon in History", async ({
  page,
}) => {
  const chatId = freshChatId();
  await signIn(page);
  await useTimeZone(page);
  await page.goto("/subscriptions");
  const dialog = page.getByRole("dialog", { name: "New Subscription" });
  const openModalOn = async (topic: RegExp) => {
    await page.getByRole("button", { name: "Add New Subscription" }).click();
    await dialog.getByRole("list", { name: "Topics" }).getByRole("button", { name: topic }).click();
  };
  const telegramSwitch = dialog.getByRole("switch", { name: "Telegram" });

  // Not linked: the switch is off and says how to link it, as SMS does without a verified phone.
  await openModalOn(/Business/);
  await expect(telegramSwitch).not.toBeChecked();
  await expect(telegramSwitch).toBeDisabled();
  await expect(dialog.getByText(/in Settings to get words in a chat/)).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Connect Telegram" })).toHaveAttribute(
    "href",
    "/settings?tab=notifications",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await linkTelegram(page, chatId);

  // Linked: a new subscription starts with Telegram on, as linking turned it on for every subscription.
  await page.goto("/subscriptions");
  await openModalOn(/Business/);
  await expect(telegramSwitch).toBeChecked();
  await expect(telegramSwitch).toBeEnabled();
  await expect(dialog.getByText("A message in your Telegram chat, with buttons to answer")).toBeVisible();
  await expectAccessibleInBothThemes(page);
  // Its first word falls today in the learner's zone, so History's default day shows it.
  await dialog.getByLabel("Delivery time").fill(middayClock(2));
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("group", { name: "Business" });
  await expect(card.getByText("Telegram", { exact: true })).toBeVisible();
  await expect(card.getByText("Email", { exact: true })).toBeVisible();

  expect(await runDeliveries(page)).toBe(1);
  await expect.poll(async () => (await messagesTo(page, chatId)).length).toBe(2);
  await page.goto("/history");
  const entry = page.getByText("Email & Telegram", { exact: true });
  await expect(entry).toBeVisible();
  await expect(entry.locator('svg[data-channel-icon="telegram"]')).toBeVisible();
  await expectAccessibleInBothThemes(page);
});
