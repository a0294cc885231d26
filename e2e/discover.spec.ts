import {
  expect,
  expectAccessible,
  expectAccessibleInBothThemes,
  expectDialogFocused,
  signIn,
  test,
  toastTitled,
} from "./support/fixtures";
import {
  formatInBrowser,
  listSubscriptionsByApi,
  listTopics,
  setActiveByApi,
  subscribeByApi,
} from "./support/subscriptions";

test.describe("Discover", () => {
  test(
    "subscribing from a card: the topic leaves Discover and shows on Subscriptions with its next delivery",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/discover");
      await expect(page.getByRole("heading", { level: 1, name: "Discover New Topics" })).toBeVisible();

      await page.getByRole("button", { name: "Subscribe to Idioms" }).click();
      const dialog = page.getByRole("dialog", { name: "New Subscription" });
      await expect(dialog).toBeVisible();
      // Preselected: straight to the settings step, with the topic and the spec's defaults.
      await expect(dialog.getByTestId("selected-topic")).toHaveText("Idioms");
      await expect(dialog.getByRole("radio", { name: "Daily" })).toBeChecked();
      await expect(dialog.getByRole("switch", { name: "Email" })).toBeChecked();
      await expect(dialog.getByRole("switch", { name: "In-app notifications" })).not.toBeChecked();
      await expect(dialog.getByLabel("Delivery time")).toHaveValue("09:00");

      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await expect(dialog).toBeHidden();
      const toast = toastTitled(page, "Welcome to your new topic!");
      await expect(toast).toContainText("Your first word arrives");
      await expect(page.getByRole("button", { name: "Subscribe to Idioms" })).toHaveCount(0);
      // The free plan's one subscription is taken: the cards say so before any form (issue 17).
      await expect(page.getByTestId("plan-limit-notice")).toContainText(
        "Your Free plan allows 1 active subscription. Upgrade your plan to add more.",
      );
      await expect(page.getByRole("button", { name: "Vocabulary: upgrade to add more" })).toContainText(
        "Upgrade to add more",
      );

      const [created] = await listSubscriptionsByApi(page);
      expect(created?.topic.displayName).toBe("Idioms");
      const expectedNext = await formatInBrowser(page, created!.nextDelivery!);
      await expect(toast).toContainText(expectedNext);

      await page.goto("/subscriptions");
      const card = page.getByRole("group", { name: "Idioms" });
      await expect(card).toContainText("Daily at 9:00 AM");
      await expect(card).toContainText("Email");
      await expect(card.getByTestId("next-delivery")).toHaveText(expectedNext);
    },
  );

  test(
    "search matches name or description with a count; tabs narrow to a category; nothing found",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      const topics = await listTopics(page);
      await page.goto("/discover");
      const cards = page.getByRole("list", { name: "Topics" }).getByRole("listitem");
      await expect(cards).toHaveCount(topics.length);
      await expect(toastTitled(page, "found")).toHaveCount(0);

      const search = page.getByRole("searchbox", { name: "Search topics" });
      await expect(search).toHaveAttribute("placeholder", "Search topics, verses, vocabulary...");

      // Case-insensitive, over display name and description.
      await search.fill("VERSES");
      const byText = topics.filter((topic) =>
        `${topic.displayName}\n${topic.description}`.toLowerCase().includes("verses"),
      );
      expect(byText.length).toBeGreaterThan(1);
      await expect(cards).toHaveCount(byText.length);
      await expect(page.getByText(`${byText.length} topics found for “VERSES”`)).toBeVisible();

      await search.fill("");
      await page.getByRole("tab", { name: "Religious" }).click();
      const religious = topics.filter((topic) => topic.tab === "Religious");
      await expect(cards).toHaveCount(religious.length);
      for (const topic of religious.slice(0, 3)) {
        await expect(page.getByRole("button", { name: `Subscribe to ${topic.displayName}` })).toBeVisible();
      }
      await page.getByRole("tab", { name: "Pro" }).click();
      await expect(cards).toHaveCount(topics.filter((topic) => topic.tab === "Pro").length);
      await expect(page.getByRole("button", { name: "Subscribe to Finance" })).toBeVisible();
      for (const name of ["All", "Religious", "Learning", "Pro", "Lifestyle"]) {
        await expect(page.getByRole("tab", { name, exact: true })).toBeVisible();
      }

      await search.fill("finance");
      await expect(page.getByText("1 topic found for “finance”")).toBeVisible();
      await page.getByRole("tab", { name: "Religious" }).click();
      await expect(page.getByRole("heading", { name: "No topics found" })).toBeVisible();
      await expect(page.getByText("0 topics found for “finance”")).toBeVisible();
    },
  );

  test("each card shows three sample words, and a word search finds the topic a word is in (issue 29)", async ({
    page,
  }) => {
    await signIn(page);
    const topics = await listTopics(page);
    const finance = topics.find((topic) => topic.displayName === "Finance")!;
    expect(finance.sampleWords).toHaveLength(3);
    await page.goto("/discover");
    const card = page.getByRole("button", { name: "Subscribe to Finance" });
    for (const word of finance.sampleWords) await expect(card).toContainText(word);

    // "arbitrage" is in no topic's name or description, but it is a Finance word.
    await page.getByRole("searchbox", { name: "Search topics" }).fill("arbitrage");
    await expect(page.getByText("0 topics found for “arbitrage”")).toBeVisible();
    const words = page.getByRole("region", { name: "Words matching “arbitrage”" });
    await expect(words.getByText("arbitrage", { exact: true })).toBeVisible();
    await words.getByRole("button", { name: "In Finance: subscribe" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New Subscription" });
    await expect(dialog.getByTestId("selected-topic")).toHaveText("Finance");
    await expectAccessible(page);
  });

  // Desktop only: no keyboard on a phone.
  test(
    "keyboard: a card opens the modal with Enter, Escape closes it and focus returns to the card",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/discover");
      const card = page.getByRole("button", { name: "Subscribe to Idioms" });
      await card.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "New Subscription" });
      await expect(dialog.getByTestId("selected-topic")).toHaveText("Idioms");
      // Radix listens for Escape from an effect after the dialog's first paint, as it moves the focus in.
      await expectDialogFocused(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(card).toBeFocused();
    },
  );

  test("subscribed to every topic: 'No new topics available'", { tag: "@desktop" }, async ({ page }) => {
    await signIn(page);
    // Switched-off subscriptions do not count against the free plan, so one learner can hold them all.
    for (const topic of await listTopics(page)) {
      const subscription = await subscribeByApi(page, topic.id);
      await setActiveByApi(page, subscription.id, false);
    }
    await page.goto("/discover");
    await expect(page.getByRole("heading", { name: "No new topics available" })).toBeVisible();
    await expect(page.getByText("You're subscribed to all available topics")).toBeVisible();
    await expect(page.getByRole("list", { name: "Topics" })).toHaveCount(0);
  });

  test(`no serious axe violation in light and dark, page and modal`, async ({ page }) => {
    test.slow(); // two or three full axe scans, each several seconds on a loaded 2-core runner
    await signIn(page);
    await page.goto("/discover");
    await expect(page.getByRole("button", { name: "Subscribe to Vocabulary" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole("button", { name: "Subscribe to Vocabulary" }).click();
    // The free plan's modal, its locked word counts shown (schedule.spec.ts's "Words per send" tests use it).
    const dialog = page.getByRole("dialog", { name: "New Subscription" });
    await expect(dialog.getByRole("group", { name: "Words per send" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});
