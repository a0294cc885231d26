import {
  expect,
  expectAccessibleInBothThemes,
  expectDialogFocused,
  signIn,
  test,
  toastTitled,
} from "./support/fixtures";
import { setActiveByApi, subscribeByApi, topicNamed } from "./support/subscriptions";

test.describe("Subscriptions page", () => {
  test("empty state links to Discover", { tag: "@desktop" }, async ({ page }) => {
    await signIn(page);
    await page.goto("/subscriptions");
    await expect(page.getByRole("heading", { name: "No subscriptions yet" })).toBeVisible();
    await page.getByRole("link", { name: "Discover Topics" }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole("heading", { level: 1, name: "Discover New Topics" })).toBeVisible();
  });

  test(
    "the modal: topic step, Change/Back, time only for timed frequencies, a channel required, Escape and backdrop close",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/subscriptions");
      const open = () => page.getByRole("button", { name: "Add New Subscription" }).click();
      const dialog = page.getByRole("dialog", { name: "New Subscription" });

      await open();
      await expect(dialog.getByText("Choose a topic to learn.")).toBeVisible();
      const topicList = dialog.getByRole("list", { name: "Topics" });
      await expect(topicList.getByRole("button", { name: /Slang/ })).toBeVisible();
      await topicList.getByRole("button", { name: /Slang/ }).click();
      await expect(dialog.getByTestId("selected-topic")).toHaveText("Slang");

      await dialog.getByRole("button", { name: "Change" }).click();
      await expect(topicList).toBeVisible();
      await topicList.getByRole("button", { name: /Academic/ }).click();
      await expect(dialog.getByTestId("selected-topic")).toHaveText("Academic");

      // Only hourly, every4hours and daily have a time; any other frequency puts it back to 09:00.
      const time = dialog.getByLabel("Delivery time");
      await time.fill("10:30");
      await expect(time).toHaveValue("10:30");
      await dialog.getByRole("radio", { name: "Every 4 Hours" }).check();
      await expect(time).toHaveValue("10:30");
      await dialog.getByRole("radio", { name: "Weekly" }).check();
      await expect(time).toBeHidden();
      await dialog.getByRole("radio", { name: "Every 2 Hours" }).check();
      await expect(time).toBeHidden();
      await dialog.getByRole("radio", { name: "Every Hour" }).check();
      await expect(time).toHaveValue("09:00");
      // The two premium options carry a star.
      await expect(dialog.getByRole("radio", { name: "Every Hour (Premium)" })).toBeVisible();
      await expect(dialog.getByRole("radio", { name: "Every 4 Hours (Premium)" })).toBeVisible();
      await expect(dialog.getByRole("radio", { name: "Daily (Premium)" })).toHaveCount(0);

      await dialog.getByRole("radio", { name: "Daily" }).check();
      await dialog.getByRole("switch", { name: "Email" }).click();
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Please select at least one delivery method");

      await dialog.getByRole("button", { name: "Back" }).click();
      await expect(topicList).toBeVisible();

      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // Reopened: fresh defaults on step 1; a click on the backdrop closes it.
      await open();
      await expect(topicList).toBeVisible();
      // Radix starts listening for a press outside the dialog in an effect after its first paint, as it moves the
      // focus in: a click sent the moment the dialog shows can land before that (a busy machine did, once).
      await expectDialogFocused(page);
      await page.mouse.click(4, 4);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("heading", { name: "No subscriptions yet" })).toBeVisible();
    },
  );

  test("edit keeps the topic fixed; delete asks first", { tag: "@desktop" }, async ({ page }) => {
    await signIn(page);
    await subscribeByApi(page, (await topicNamed(page, "business")).id);
    await page.goto("/subscriptions");
    const card = page.getByRole("group", { name: "Business" });
    await expect(card).toContainText("Daily at 9:00 AM");

    await card.getByRole("button", { name: "Edit Business" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Subscription" });
    await expect(dialog.getByTestId("selected-topic")).toHaveText("Business");
    await expect(dialog.getByRole("button", { name: "Change", exact: true })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Back" })).toHaveCount(0);
    await expect(dialog.getByRole("radio", { name: "Daily" })).toBeChecked();
    await dialog.getByRole("radio", { name: "Weekly" }).check();
    await dialog.getByRole("switch", { name: "In-app notifications" }).click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(toastTitled(page, "Subscription updated successfully")).toBeVisible();
    await expect(card).toContainText("Weekly");
    await expect(card).toContainText("In-app");

    await card.getByRole("button", { name: "Delete Business" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this subscription?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(card).toBeVisible();

    await card.getByRole("button", { name: "Delete Business" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toastTitled(page, "Subscription deleted successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No subscriptions yet" })).toBeVisible();
  });

  test("'Remove Subscription' in the modal, with its confirmation", { tag: "@desktop" }, async ({ page }) => {
    await signIn(page);
    await subscribeByApi(page, (await topicNamed(page, "travel")).id);
    await page.goto("/subscriptions");
    await page.getByRole("button", { name: "Edit Travel" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Subscription" });
    await dialog.getByRole("button", { name: "Remove Subscription" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(
      "Are you sure you want to remove this subscription? This action cannot be undone.",
    );
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(toastTitled(page, "Subscription removed successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "No subscriptions yet" })).toBeVisible();
  });

  test("the active switch pauses and resumes deliveries", { tag: "@desktop" }, async ({ page }) => {
    await signIn(page);
    await subscribeByApi(page, (await topicNamed(page, "food")).id);
    await page.goto("/subscriptions");
    const card = page.getByRole("group", { name: "Food" });
    const toggle = card.getByRole("switch", { name: "Active: Food" });
    const next = card.getByTestId("next-delivery");
    await expect(toggle).toBeChecked();
    await expect(next).not.toHaveText("Paused");

    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(toastTitled(page, "Subscription updated successfully")).toBeVisible();
    await expect(next).toHaveText("Paused");
    await page.reload();
    await expect(toggle).not.toBeChecked();

    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(next).toHaveText(/\d{1,2}:\d{2}/);
  });

  test(
    "free plan: switching a second subscription on is refused with the reason, and the switch stays off",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      const first = await subscribeByApi(page, (await topicNamed(page, "health")).id);
      await setActiveByApi(page, first.id, false);
      await subscribeByApi(page, (await topicNamed(page, "wellness")).id);
      await page.goto("/subscriptions");
      const toggle = page.getByRole("switch", { name: "Active: Health" });
      await expect(toggle).not.toBeChecked();
      await toggle.click();
      const toast = toastTitled(page, "Error");
      await expect(toast).toContainText(
        "Your Free plan allows 1 active subscription. Upgrade your plan to add more.",
      );
      await expect(toggle).not.toBeChecked();
      await expect(page.getByRole("group", { name: "Health" }).getByTestId("next-delivery")).toHaveText(
        "Paused",
      );
    },
  );

  test(
    "free plan: the limit and its upgrade offers come first, before any form, and lead to /pricing",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await subscribeByApi(page, (await topicNamed(page, "vocabulary")).id);
      await page.goto("/discover");
      await expect(page.getByRole("button", { name: /^Subscribe to / })).toHaveCount(0);
      await page.getByRole("button", { name: "Gaming: upgrade to add more" }).click();
      const dialog = page.getByRole("dialog", { name: "New Subscription" });
      const offer = dialog.getByTestId("plan-limit-offer");
      await expect(offer).toContainText("Upgrade to add more");
      await expect(offer).toContainText(
        "Your Free plan allows 1 active subscription. Upgrade your plan to add more.",
      );
      // No form to fill in first: the topic list and the Subscribe button are not shown.
      await expect(dialog.getByRole("button", { name: "Subscribe" })).toHaveCount(0);
      const offers = offer.getByRole("list", { name: "Upgrade options" }).getByRole("listitem");
      await expect(offers).toHaveText([/Basic\s*£4\/month/, /Premium\s*£8\/month/, /Pro\s*£16\/month/]);
      await offer.getByRole("link", { name: "Upgrade to Premium" }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(dialog).toBeHidden();

      // The same from the Subscriptions page's button.
      await page.goto("/subscriptions");
      await page.getByRole("button", { name: "Add New Subscription" }).click();
      await expect(
        page.getByRole("dialog", { name: "New Subscription" }).getByTestId("plan-limit-offer"),
      ).toBeVisible();
    },
  );

  test("free plan: a starred frequency gets the upgrade offer", { tag: "@desktop" }, async ({ page }) => {
    await signIn(page);
    await page.goto("/discover");
    await page.getByRole("button", { name: "Subscribe to Science" }).click();
    const dialog = page.getByRole("dialog", { name: "New Subscription" });
    await dialog.getByRole("radio", { name: "Every Hour (Premium)" }).check();
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    const panel = dialog.getByRole("alert");
    await expect(panel).toContainText("Unable to create subscription");
    await expect(panel).toContainText("Every Hour delivery needs a paid plan or a free trial.");
    await expect(panel.getByRole("link", { name: /^Upgrade to / })).toHaveCount(3);
    await expect(panel.getByRole("link", { name: "Upgrade to Basic" })).toHaveAttribute("href", "/pricing");

    // A frequency the plan allows goes through, and the panel goes away once the choice changes.
    await dialog.getByRole("radio", { name: "Daily" }).check();
    await expect(panel).toBeHidden();
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await expect(toastTitled(page, "Welcome to your new topic!")).toBeVisible();
  });

  test(`no serious axe violation in light and dark: empty, cards, delete confirmation`, async ({ page }) => {
    test.slow(); // two or three full axe scans, each several seconds on a loaded 2-core runner
    await signIn(page);
    await page.goto("/subscriptions");
    await expect(page.getByRole("heading", { name: "No subscriptions yet" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await subscribeByApi(page, (await topicNamed(page, "art")).id, { inAppEnabled: true });
    await page.reload();
    await expect(page.getByRole("group", { name: "Art" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole("button", { name: "Delete Art" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});
