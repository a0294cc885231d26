import type { Page } from "@playwright/test";
import type { Preferences } from "../src/shared/api/preferences";
import { DAY_MS } from "../src/shared/constants";
import { buyByApi, currentUser, runBilling } from "./support/billing";
import { callApi, expect, expectAccessibleInBothThemes, signIn, test, toastTitled } from "./support/fixtures";
import { listSubscriptionsByApi } from "./support/subscriptions";

/* Issue 16: the learner's schedule in Settings → Alerts, and words per send in the subscription modal. */

async function preferencesOf(page: Page): Promise<Preferences> {
  return (await callApi(page, "GET", "/api/preferences")) as Preferences;
}

async function openSchedule(page: Page) {
  await page.goto("/settings?tab=notifications");
  const form = page.getByRole("form", { name: "Schedule" });
  await expect(form.getByLabel("Reviews per day")).toBeVisible();
  return form;
}

/** The 15th of next month: always a day a pause may end on (tomorrow at the earliest, 3 months at the most). */
function fifteenthOfNextMonth() {
  const today = new Date();
  const day = new Date(today.getFullYear(), today.getMonth() + 1, 15);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", options).format(day);
  return {
    /** The picker's name for the day button (react-day-picker: "Sunday, March 15th, 2026"). */
    button: new RegExp(`${format({ month: "long" })} 15th, ${day.getFullYear()}`),
    /** The picker's name for that month's grid ("March 2026"). */
    month: format({ month: "long", year: "numeric" }),
    picked: format({ month: "short", day: "numeric", year: "numeric" }),
    long: format({ weekday: "long", month: "long", day: "numeric", year: "numeric" }),
  };
}

test.describe("Settings → Alerts → Schedule", () => {
  test(
    "quiet hours, day start and reviews per day are saved and still there after a reload",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      let form = await openSchedule(page);
      const summary = form.getByTestId("quiet-hours-summary");
      const save = form.getByRole("button", { name: "Save schedule" });
      await expect(summary).toHaveText(/^Off: /);
      await expect(save).toBeDisabled();

      // Quiet hours across midnight, said in words.
      await form.getByRole("switch", { name: "Quiet hours" }).click();
      await expect(summary).toHaveText("No words, pushes or texts between 22:00 and 07:00 (your time).");
      await form.getByLabel("Quiet hours to").fill("06:30");
      await expect(summary).toHaveText("No words, pushes or texts between 22:00 and 06:30 (your time).");

      await form.getByRole("combobox", { name: "Your day starts at" }).click();
      await page.getByRole("option", { name: "04:00" }).click();
      await expect(form.getByRole("combobox", { name: "Your day starts at" })).toHaveText("04:00");

      const cap = form.getByLabel("Reviews per day");
      await expect(cap).toHaveValue("10");
      // One sentence says what the cap trades.
      await expect(
        form.getByText("More reviews a day keep more of your words, at a few more minutes a day;", {
          exact: false,
        }),
      ).toBeVisible();

      // What the server would refuse is refused on the spot, with its message, and nothing is sent.
      await cap.fill("0");
      await save.click();
      await expect(form.getByRole("alert")).toHaveText(
        "Reviews per day must be a whole number from 1 to 200",
      );
      await expect(cap).toBeFocused();
      await expect(cap).toHaveAttribute("aria-invalid", "true");
      await cap.fill("35");
      await expect(form.getByRole("alert")).toHaveCount(0);

      await save.click();
      await expect(toastTitled(page, "Schedule saved")).toBeVisible();
      await expect(save).toBeDisabled();
      expect(await preferencesOf(page)).toMatchObject({
        quietHours: { start: "22:00", end: "06:30" },
        dayStartsAtHour: 4,
        dailyReviewCap: 35,
      });

      await page.reload();
      form = await openSchedule(page);
      await expect(form.getByRole("switch", { name: "Quiet hours" })).toBeChecked();
      await expect(form.getByLabel("Quiet hours from")).toHaveValue("22:00");
      await expect(form.getByLabel("Quiet hours to")).toHaveValue("06:30");
      await expect(form.getByRole("combobox", { name: "Your day starts at" })).toHaveText("04:00");
      await expect(form.getByLabel("Reviews per day")).toHaveValue("35");

      // The same start and end is no window; switching off saves null.
      await form.getByLabel("Quiet hours to").fill("22:00");
      await form.getByRole("button", { name: "Save schedule" }).click();
      await expect(form.getByRole("alert")).toHaveText("Quiet hours must start and end at different times");
      await form.getByRole("switch", { name: "Quiet hours" }).click();
      await form.getByRole("button", { name: "Save schedule" }).click();
      await expect(toastTitled(page, "Schedule saved")).toBeVisible();
      await page.reload();
      form = await openSchedule(page);
      await expect(form.getByRole("switch", { name: "Quiet hours" })).not.toBeChecked();
      expect((await preferencesOf(page)).quietHours).toBeNull();
    },
  );

  test(
    "pause until a chosen day, then resume now; both still hold after a reload",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await openSchedule(page);
      const pause = page.getByRole("region", { name: "Pause deliveries" });
      await expect(pause).toContainText("up to 3 months");
      await expect(pause).toContainText("with no burst of missed reviews");
      const pauseButton = pause.getByRole("button", { name: "Pause deliveries" });
      await expect(pauseButton).toBeDisabled();

      const day = fifteenthOfNextMonth();
      await pause.getByRole("button", { name: /^Pause until/ }).click();
      const picker = page.getByRole("dialog", { name: "Choose the day deliveries resume" });
      // The picker opens on the month of the first day it offers, tomorrow: on a month's last day, next month.
      await expect(picker.getByRole("grid")).toBeVisible();
      if (!(await picker.getByRole("grid", { name: day.month }).isVisible()))
        await picker.getByRole("button", { name: /Next Month/ }).click();
      await picker.getByRole("button", { name: day.button }).click();
      await expect(picker).toBeHidden();
      await expect(pause.getByRole("button", { name: `Pause until ${day.picked}` })).toBeVisible();
      await pauseButton.click();

      await expect(toastTitled(page, "Deliveries paused")).toBeVisible();
      const paused = page.getByTestId("paused-until");
      await expect(paused).toHaveText(`Paused until ${day.long}`);
      await expect(
        page.getByText("Deliveries resume by themselves on that day, with no burst"),
      ).toBeVisible();
      // The focus moves to the button that replaced the pressed one.
      await expect(page.getByRole("button", { name: "Resume now" })).toBeFocused();
      expect((await preferencesOf(page)).pause).not.toBeNull();

      await page.reload();
      await openSchedule(page);
      await expect(paused).toHaveText(`Paused until ${day.long}`);

      await page.getByRole("button", { name: "Resume now" }).click();
      await expect(toastTitled(page, "Deliveries resumed")).toBeVisible();
      await expect(page.getByRole("region", { name: "Pause deliveries" })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Pause until/ })).toBeFocused();
      await page.reload();
      await openSchedule(page);
      await expect(page.getByRole("region", { name: "Pause deliveries" })).toBeVisible();
      await expect(paused).toHaveCount(0);
      expect((await preferencesOf(page)).pause).toBeNull();
    },
  );

  test(
    "a pause the server refuses shows its message and what to do",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      // A browser clock four months fast offers days the server (on the real date) finds past 3 months.
      await page.clock.setFixedTime(new Date(Date.now() + 122 * DAY_MS));
      await openSchedule(page);
      const pause = page.getByRole("region", { name: "Pause deliveries" });
      await pause.getByRole("button", { name: /^Pause until/ }).click();
      // The keyboard way: the picker opens with the focus on the first day offered.
      const picker = page.getByRole("dialog", { name: "Choose the day deliveries resume" });
      await expect(picker.getByRole("grid")).toBeVisible();
      await expect(picker.locator("button:focus")).toHaveCount(1);
      await page.keyboard.press("Enter");
      await expect(picker).toBeHidden();
      await pause.getByRole("button", { name: "Pause deliveries" }).click();

      const alert = pause.getByRole("alert");
      await expect(alert).toContainText("A pause can last up to 3 months");
      await expect(alert).toContainText("Choose another day, at most 3 months ahead, and pause again.");
      expect((await preferencesOf(page)).pause).toBeNull();
    },
  );

  test(`where reviews go: the daily review at a chosen time, then only in the app, kept after a reload`, async ({
    page,
  }) => {
    test.slow(); // two full axe scans
    await signIn(page);
    let form = await openSchedule(page);
    const choices = form.getByRole("group", { name: "Where reviews go" });
    await expect(choices.getByRole("radio", { name: /^With my words/ })).toBeChecked();
    // The time is asked only for the daily review.
    await expect(form.getByLabel("Daily review at")).toHaveCount(0);

    // By keyboard: the arrow keys move the choice, as in any radio group.
    await choices.getByRole("radio", { name: /^With my words/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(choices.getByRole("radio", { name: /^In one daily review/ })).toBeChecked();
    const time = form.getByLabel("Daily review at");
    await expect(time).toHaveValue("18:00");
    await time.fill("07:30");
    await expectAccessibleInBothThemes(page);
    await form.getByRole("button", { name: "Save schedule" }).click();
    await expect(toastTitled(page, "Schedule saved")).toBeVisible();
    expect(await preferencesOf(page)).toMatchObject({
      reviewDelivery: "daily_review",
      dailyReviewTime: "07:30",
    });

    await page.reload();
    form = await openSchedule(page);
    await expect(form.getByRole("radio", { name: /^In one daily review/ })).toBeChecked();
    await expect(form.getByLabel("Daily review at")).toHaveValue("07:30");

    await form.getByRole("radio", { name: /^Only in the app/ }).check();
    await expect(form.getByLabel("Daily review at")).toHaveCount(0);
    await form.getByRole("button", { name: "Save schedule" }).click();
    await expect(toastTitled(page, "Schedule saved")).toBeVisible();
    await page.reload();
    form = await openSchedule(page);
    await expect(form.getByRole("radio", { name: /^Only in the app/ })).toBeChecked();
    expect(await preferencesOf(page)).toMatchObject({
      reviewDelivery: "app_only",
      dailyReviewTime: "07:30",
    });
    await expectAccessibleInBothThemes(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test(`no serious axe violation in light and dark: the schedule, its date picker, and a pause`, async ({
    page,
  }) => {
    test.slow(); // three full axe scans
    await signIn(page);
    await callApi(page, "PATCH", "/api/user/preferences", { quietHours: { start: "22:00", end: "07:00" } });
    await openSchedule(page);
    await expectAccessibleInBothThemes(page);
    await page.getByRole("button", { name: /^Pause until/ }).click();
    await expect(page.getByRole("dialog", { name: "Choose the day deliveries resume" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.keyboard.press("Escape");
    await callApi(page, "PATCH", "/api/user/preferences", {
      pause: { until: new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10) },
    });
    await page.reload();
    await expect(page.getByTestId("paused-until")).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});

test.describe("Words per send", () => {
  test(
    "Free plan: more than one word is locked, with the plans that unlock it, before any choice",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/discover");
      await page.getByRole("button", { name: "Subscribe to Science" }).click();
      const dialog = page.getByRole("dialog", { name: "New Subscription" });
      const field = dialog.getByRole("group", { name: "Words per send" });
      await expect(field.getByRole("radio", { name: "1 word per send" })).toBeChecked();
      await expect(field.getByRole("radio", { name: "2 words per send, needs Basic" })).toBeDisabled();
      await expect(field.getByRole("radio", { name: "3 words per send, needs Premium" })).toBeDisabled();
      await expect(field.getByRole("radio", { name: "5 words per send, needs Pro" })).toBeDisabled();
      await expect(field).toContainText(
        "New words at every send. Words that are due for review come along with them.",
      );
      const limit = field.getByTestId("words-per-send-limit");
      await expect(limit).toContainText(
        "Your Free plan allows 1 word per send: 2 with Basic, 3 with Premium, 4–5 with Pro.",
      );
      await expect(limit.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");

      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await expect(toastTitled(page, "Welcome to your new topic!")).toBeVisible();
      expect((await listSubscriptionsByApi(page)).map((s) => s.wordsPerSend)).toEqual([1]);
    },
  );

  test(
    "paid plan: two words per send are saved, shown on the card and kept by an edit",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await buyByApi(page, "basic");
      await page.goto("/discover");
      await page.getByRole("button", { name: "Subscribe to Science" }).click();
      const dialog = page.getByRole("dialog", { name: "New Subscription" });
      const field = dialog.getByRole("group", { name: "Words per send" });
      await expect(field.getByRole("radio", { name: "3 words per send, needs Premium" })).toBeDisabled();
      await expect(field.getByTestId("words-per-send-limit")).toContainText(
        "Your Basic plan allows 2 words per send: 3 with Premium, 4–5 with Pro.",
      );
      await field.getByRole("radio", { name: "2 words per send" }).check();
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await expect(toastTitled(page, "Welcome to your new topic!")).toBeVisible();
      expect((await listSubscriptionsByApi(page)).map((s) => s.wordsPerSend)).toEqual([2]);

      await page.goto("/subscriptions");
      const card = page.getByRole("group", { name: "Science" });
      await expect(card.getByTestId("words-per-send")).toHaveText("2 words per send");
      await card.getByRole("button", { name: "Edit Science" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Subscription" });
      await expect(edit.getByRole("radio", { name: "2 words per send" })).toBeChecked();
      await edit.getByRole("radio", { name: "1 word per send" }).check();
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(toastTitled(page, "Subscription updated successfully")).toBeVisible();
      await expect(card.getByTestId("words-per-send")).toHaveCount(0);
    },
  );

  test(
    "a plan that ended while the modal was open: the server's 403 becomes the upgrade panel",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await buyByApi(page, "basic");
      await page.goto("/discover");
      await page.getByRole("button", { name: "Subscribe to Science" }).click();
      const dialog = page.getByRole("dialog", { name: "New Subscription" });
      await dialog.getByRole("radio", { name: "2 words per send" }).check();

      // Meanwhile (another tab) the plan is cancelled and its period ends: the account is on Free now.
      await callApi(page, "POST", "/api/cancel-subscription");
      const user = await currentUser(page);
      await runBilling(page, new Date(new Date(user.subscriptionEndsAt!).getTime() + 60_000));
      expect((await currentUser(page)).subscriptionPlan).toBe("free");

      await dialog.getByRole("button", { name: "Subscribe" }).click();
      const panel = dialog.getByRole("alert");
      await expect(panel).toContainText("Unable to create subscription");
      await expect(panel).toContainText(/words per send/);
      await expect(panel.getByRole("link", { name: "Upgrade to Basic" })).toHaveAttribute("href", "/pricing");

      // One word a send is within Free: the panel goes, and the subscription is made.
      await dialog.getByRole("radio", { name: "1 word per send" }).check();
      await expect(panel).toBeHidden();
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await expect(toastTitled(page, "Welcome to your new topic!")).toBeVisible();
    },
  );
  // The modal with its locked counts passes axe in discover.spec.ts (the same free plan's modal, both projects).
});
