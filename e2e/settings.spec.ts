import type { Browser, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { readFile } from "node:fs/promises";
import { EXPORT_FILES } from "../src/shared/api/account";
import type { Subscription } from "../src/shared/api/subscriptions";
import type { Topic } from "../src/shared/api/topics";
import { parseCsv } from "../src/server/testing/parse-csv";
import {
  buyByApi,
  CARDS,
  currentUser,
  expectShownAsTrialing,
  mailSubjectsTo,
  runBilling,
} from "./support/billing";
import { runDeliveries } from "./support/deliveries";
import {
  ADMIN_EMAIL,
  APP_ORIGIN,
  callApi,
  expect,
  expectAccessibleInBothThemes,
  signIn,
  SUPPORT_EMAIL,
  test,
  toastTitled,
  uniqueEmail,
} from "./support/fixtures";

/** Subscriptions to the first `count` topics with e-mail and in-app on. */
async function subscribeWithEmail(page: Page, count: number): Promise<Subscription[]> {
  const topics = (await (await page.request.get("/api/topics")).json()) as Topic[];
  const made: Subscription[] = [];
  for (const topic of topics.slice(0, count)) {
    made.push(
      await callApi(page, "POST", "/api/subscriptions", {
        topicId: topic.id,
        frequency: "daily",
        deliveryTime: "09:00",
        emailEnabled: true,
        inAppEnabled: true,
      }),
    );
  }
  return made;
}

async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = toastTitled(page, title);
  await expect(toast).toBeVisible();
  if (description) await expect(toast.getByText(description)).toBeVisible();
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

test.describe("settings: profile, theme and tabs", () => {
  test(
    "the profile is read-only and captioned as the spec words it, with who provides an e-mail sign-in",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page, { firstName: "Grace", lastName: "Hopper" });
      await callApi(page, "PATCH", "/api/user/preferences", { phoneNumber: "+44 7700 900123" });
      await page.goto("/settings");
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByText("Managed by your account provider", { exact: true })).toBeVisible();
      await expect(
        page.getByText(
          "Your name as given at your first sign-in; your e-mail is the address you sign in with",
        ),
      ).toBeVisible();
      const fields = { "First Name": "Grace", "Last Name": "Hopper", "Phone Number": "+447700900123" };
      for (const [label, value] of Object.entries(fields)) {
        const input = page.getByLabel(label);
        await expect(input).toHaveValue(value);
        await expect(input).toHaveAttribute("readonly", "");
      }
      await expect(page.getByLabel("Email")).toHaveValue(/@jargon\.test$/);
    },
  );

  test(
    "?tab=plan opens the plan tab, and switching tabs keeps the URL in step",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/settings?tab=plan");
      await expect(page.getByRole("tab", { name: "Plan" })).toHaveAttribute("aria-selected", "true");
      await openTab(page, "Alerts");
      await expect(page).toHaveURL(/\/settings\?tab=notifications$/);
      await openTab(page, "Theme");
      await expect(page).toHaveURL(/\/settings\?tab=appearance$/);
      await page.reload();
      await expect(page.getByRole("tab", { name: "Theme" })).toHaveAttribute("aria-selected", "true");
    },
  );

  test(
    "Alerts: reviews use FSRS's default parameters until the learner has 64",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/settings?tab=notifications");
      await expect(page.getByRole("heading", { level: 2, name: "Review parameters" })).toBeVisible();
      await expect(page.getByTestId("review-parameters")).toHaveText(
        "Default parameters (personal ones after 64 reviews; you have 0)",
      );
    },
  );

  test("theme: light, dark, and system showing the mode in use", { tag: "@desktop" }, async ({ page }) => {
    await signIn(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/settings?tab=appearance");
    const html = page.locator("html");
    const main = page.getByRole("main");
    await main.getByText("Dark", { exact: true }).click();
    await expect(html).toHaveClass(/dark/);
    await expect(main.getByRole("radio", { name: /Dark/ })).toBeChecked();
    await main.getByText("Light", { exact: true }).click();
    await expect(html).not.toHaveClass(/dark/);
    await main.getByText("System", { exact: true }).click();
    await expect(main.getByText(/Currently using/)).toHaveText(/Currently using dark mode/);
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.getByText(/Currently using light mode/)).toBeVisible();
    // Saved with the account, like the nav's theme menu.
    await expect
      .poll(
        async () => ((await (await page.request.get("/api/preferences")).json()) as { theme: string }).theme,
      )
      .toBe("system");
  });

  test(`every tab passes axe in light and dark`, async ({ page }) => {
    // Five tabs, each with a full axe pass: more than the default budget on a busy machine.
    test.setTimeout(120_000);
    await signIn(page);
    await buyByApi(page, "basic");
    await subscribeWithEmail(page, 2);
    await page.goto("/settings");
    for (const tab of ["Profile", "Plan", "Alerts", "Theme", "Account"]) {
      await openTab(page, tab);
      if (tab === "Alerts") await expect(page.getByText(/Showing 2 of 2 total subscriptions/)).toBeVisible();
      if (tab === "Plan") await expect(page.getByText("Next billing date")).toBeVisible();
      await expectAccessibleInBothThemes(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
});

test.describe("settings: plan", () => {
  test(
    "free plan: the plan card without billing, 'View all plans' and the terms link",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/settings?tab=plan");
      const current = page
        .getByRole("heading", { name: "Current Plan" })
        .locator("xpath=ancestor::div[contains(@class,'rounded-2xl')][1]");
      await expect(current.getByText("Free", { exact: true }).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Billing" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
        "href",
        "/terms?from=settings",
      );
      await page.getByRole("button", { name: "View all plans" }).click();
      await expect(page).toHaveURL(/\/pricing$/);
    },
  );

  test(
    "paid plan: billing card, portal in a new tab, cancellation scheduled and 'Keep Subscription'",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await buyByApi(page, "basic");
      await page.goto("/settings?tab=plan");
      await expect(page.getByText("Basic", { exact: true })).toBeVisible();
      await expect(page.getByText("£4/month").first()).toBeVisible();
      await expect(page.getByText("Next billing date")).toBeVisible();

      const popupPromise = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Manage Payment" }).click();
      const popup = await popupPromise;
      await expect(popup).toHaveURL(/\/sandbox\/portal/);
      await popup.close();

      await callApi(page, "POST", "/api/cancel-subscription");
      await page.reload();
      const notice = page.getByRole("region", { name: "Cancellation Scheduled" });
      await expect(notice).toBeVisible();
      await expect(page.getByText("Access until")).toBeVisible();
      await notice.getByRole("button", { name: "Keep Subscription" }).click();
      await expectToast(page, "Subscription Reactivated!");
      await expect(notice).toHaveCount(0);
      await expect(page.getByText("Next billing date")).toBeVisible();
    },
  );

  test("a failed renewal shows 'Payment failed - please update'", { tag: "@desktop" }, async ({ page }) => {
    await signIn(page);
    await buyByApi(page, "basic", CARDS.failsOnRenewal);
    await runBilling(page);
    expect((await currentUser(page)).subscriptionStatus).toBe("past_due");
    await page.goto("/settings?tab=plan");
    const notice = page.getByRole("region", { name: "Payment failed - please update" });
    await expect(notice).toBeVisible();
    const popupPromise = page.waitForEvent("popup");
    await notice.getByRole("button", { name: "Update Payment Method" }).click();
    await expect(await popupPromise).toHaveURL(/\/sandbox\/portal/);
  });

  test(
    "when the portal can't be opened, the provider's page opens instead with a toast",
    { tag: "@desktop" },
    async ({ page, browser }) => {
      const learner = await signIn(page);
      await setPlanAsAdmin(browser, learner.id, "pro");
      await page.goto("/settings?tab=plan");
      await expect(page.getByText("Pro", { exact: true })).toBeVisible();
      const popupPromise = page.waitForEvent("popup");
      await page.getByRole("button", { name: "Manage Payment" }).click();
      await expect(await popupPromise).toHaveURL(/\/sandbox\/portal/);
      await expectToast(page, "Billing portal unavailable", /opened the payment provider's page instead/);
    },
  );

  // Desktop only: a trial is once per card on the shared server (plan-state.spec's phone walk uses another card).
  test(
    "an active trial shows its end date; 'Cancel Trial' asks, keeps Premium to that date, then moves to free",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      // The renewal-failing card: its own fingerprint, so other specs' trials with the usual cards are unaffected.
      const { clientSecret, setupIntentId } = await callApi(page, "POST", "/api/start-trial", {
        trialPlan: "premium",
      });
      await callApi(page, "POST", "/api/sandbox/confirm", {
        clientSecret,
        cardNumber: CARDS.failsOnRenewal.replaceAll(" ", ""),
        expMonth: 12,
        expYear: 2034,
        cvc: "123",
      });
      const { trialEndDate } = await callApi(page, "POST", "/api/confirm-trial", { setupIntentId });
      // Issue 17: shown on Premium (trial) everywhere (plan-state.spec runs this on the phone with another card).
      await expectShownAsTrialing(page);
      await page.goto("/settings?tab=plan");
      const endDate = new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
      }).format(new Date(trialEndDate));
      const banner = page.getByRole("region", { name: /free trial is active/ });
      await expect(banner).toContainText(`Your trial ends on ${endDate}`);
      await expect(page.getByText("Premium Trial")).toBeVisible();
      await banner.getByRole("button", { name: "Cancel Trial" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Cancel your free trial?" });
      await expect(confirm).toContainText(`You keep Premium until ${endDate}`);
      await expect(confirm).toContainText("you lose unlimited subscriptions, all delivery frequencies");
      await confirm.getByRole("button", { name: "Cancel Trial" }).click();
      await expectToast(page, "Trial Cancelled", `You keep Premium until ${endDate}`);
      const ending = page.getByRole("region", { name: `Your Premium free trial ends on ${endDate}` });
      await expect(ending).toContainText("your card will not be charged");
      await expect(ending.getByRole("button", { name: "Keep Trial" })).toBeVisible();
      await expect(page.getByTestId("trial-chip")).toContainText(`ends on ${endDate}`);
      expect(await currentUser(page)).toMatchObject({ trialStatus: "active", nextBillingDate: null });
      expect(await mailSubjectsTo(page, (await currentUser(page)).email)).toContain(
        "Your Premium trial is cancelled",
      );
      await runBilling(page);
      await page.reload();
      await expect(ending).toHaveCount(0);
      expect(await currentUser(page)).toMatchObject({ subscriptionPlan: "free", trialStatus: "cancelled" });
    },
  );
});

async function setPlanAsAdmin(browser: Browser, userId: string, plan: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, { email: ADMIN_EMAIL });
  const user = (await (await admin.request.get("/api/admin/users")).json()).find(
    (candidate: { id: string }) => candidate.id === userId,
  );
  const { email, firstName, lastName, phoneNumber, isAdmin } = user;
  await callApi(admin, "PUT", `/api/admin/users/${userId}`, {
    email,
    firstName,
    lastName,
    phoneNumber,
    isAdmin,
    subscriptionPlan: plan,
  });
  await context.close();
}

test.describe("settings: alerts", () => {
  /** Basic plan, three subscriptions with e-mail on, the third switched off. */
  async function alertsScene(page: Page) {
    await signIn(page);
    await buyByApi(page, "basic");
    const subscriptions = await subscribeWithEmail(page, 3);
    await callApi(page, "PATCH", `/api/subscriptions/${subscriptions[2]!.id}`, { active: false });
    await page.goto("/settings?tab=notifications");
    await expect(page.getByText("Showing 3 of 3 total subscriptions")).toBeVisible();
    return subscriptions.map((subscription) => subscription.topic.displayName);
  }

  test(
    "cards, checkboxes only for active subscriptions, and the three filters",
    { tag: "@desktop" },
    async ({ page }) => {
      const [first, second, third] = (await alertsScene(page)) as [string, string, string];
      await expect(page.getByRole("checkbox", { name: `Select ${first}` })).toBeEnabled();
      await expect(page.getByRole("checkbox", { name: `Select ${third}` })).toBeDisabled();
      const cards = page.getByRole("list", { name: "Subscriptions" }).getByRole("listitem");
      await expect(cards.filter({ hasText: third })).toContainText("Inactive");
      await expect(cards.filter({ hasText: first })).toContainText("Active");
      await expect(cards.filter({ hasText: first })).toContainText("Email On");
      await expect(cards.filter({ hasText: first })).toContainText("Daily");
      await expect(cards.filter({ hasText: first })).toContainText("9:00 AM");
      await expect(cards.filter({ hasText: first })).toContainText("Created");

      const choose = async (filter: string, option: string) => {
        await page.getByRole("combobox", { name: filter }).click();
        await page.getByRole("option", { name: option, exact: true }).click();
      };
      await choose("Status", "Inactive");
      await expect(page.getByText("Showing 1 of 3 total subscriptions")).toBeVisible();
      await choose("Status", "Active");
      await expect(page.getByText("Showing 2 of 3 total subscriptions")).toBeVisible();
      await choose("Email", "Email disabled");
      await expect(page.getByText("No subscriptions match these filters")).toBeVisible();
      await page.getByRole("button", { name: "Clear filters" }).click();
      await choose("Topic", second);
      await expect(page.getByText("Showing 1 of 3 total subscriptions")).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(second);
    },
  );

  test(
    "bulk: validation toasts, select-all, the choice dialog and 'Bulk Email Update'",
    { tag: "@desktop" },
    async ({ page }) => {
      const [first, second] = (await alertsScene(page)) as [string, string, string];
      await page.getByRole("button", { name: "Enable Email" }).click();
      await expectToast(page, "Please select subscriptions to update");

      await page.getByRole("checkbox", { name: "Select all" }).click();
      await expect(page.getByText("Showing 3 of 3 total subscriptions (2 selected)")).toBeVisible();

      // Both already e-mail: nothing to enable, so confirm stays disabled.
      await page.getByRole("button", { name: "Enable Email" }).click();
      let dialog = page.getByRole("dialog", { name: "Enable Email for Subscriptions" });
      await expect(
        dialog.getByText("None of the chosen active subscriptions has email turned off."),
      ).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Enable Email" })).toBeDisabled();
      await dialog.getByRole("button", { name: "Cancel" }).click();

      await page.getByRole("button", { name: "Disable Email" }).click();
      dialog = page.getByRole("dialog", { name: "Disable Email for Subscriptions" });
      await dialog.getByRole("checkbox", { name: first }).click();
      await dialog.getByRole("checkbox", { name: second }).click();
      await expect(dialog.getByRole("button", { name: "Disable Email" })).toBeDisabled();
      await dialog.getByRole("checkbox", { name: first }).click();
      await dialog.getByRole("button", { name: "Disable Email" }).click();
      await expectToast(page, "Bulk Email Update", "Email notifications disabled for 1 subscription");
      await expect(dialog).toHaveCount(0);
      const cards = page.getByRole("list", { name: "Subscriptions" }).getByRole("listitem");
      await expect(cards.filter({ hasText: first })).toContainText("Email Off");
      await expect(cards.filter({ hasText: second })).toContainText("Email On");
      await expect(page.getByText("Showing 3 of 3 total subscriptions")).toHaveText(
        "Showing 3 of 3 total subscriptions",
      );
    },
  );

  test(
    "a selection that is no longer active gives 'No active subscriptions selected'",
    { tag: "@desktop" },
    async ({ page }) => {
      const [first, second] = (await alertsScene(page)) as [string, string, string];
      await page.getByRole("checkbox", { name: `Select ${first}` }).click();
      const subscriptions = (await (await page.request.get("/api/subscriptions")).json()) as Subscription[];
      await callApi(page, "PATCH", `/api/subscriptions/${subscriptions[0]!.id}`, { active: false });
      // Any change refreshes the list: here the second card's own e-mail switch.
      await page.getByRole("switch", { name: `Email for ${second}` }).click();
      await expectToast(
        page,
        "Email Notifications Disabled",
        "Email notifications disabled for 1 subscription",
      );
      await expect(page.getByRole("checkbox", { name: `Select ${first}` })).toBeDisabled();
      await page.getByRole("button", { name: "Disable Email" }).click();
      await expectToast(page, "No active subscriptions selected");
    },
  );

  test(
    "the e-mail toggle: disable dialog (cancel, confirm), then enable mode choosing subscriptions",
    { tag: "@desktop" },
    async ({ page }) => {
      const [first] = (await alertsScene(page)) as [string, string, string];
      const toggle = page.getByRole("switch", { name: "Email notifications" });
      await expect(toggle).toBeChecked();

      await toggle.click();
      const disable = page.getByRole("alertdialog", { name: "Disable Email Notifications?" });
      await expect(disable).toContainText("switches all your active subscriptions to in-app delivery only");
      await expect(disable).toContainText("stop sending definitions by email");
      await expect(disable).toContainText("stays viewable in the app");
      await disable.getByRole("button", { name: "Cancel" }).click();
      await expect(toggle).toBeChecked();

      await toggle.click();
      await disable.getByRole("button", { name: "Disable Email" }).click();
      await expectToast(
        page,
        "Email Notifications Disabled",
        "All subscriptions have been switched to in-app delivery only.",
      );
      await expect(toggle).not.toBeChecked();
      const cards = page.getByRole("list", { name: "Subscriptions" }).getByRole("listitem");
      await expect(cards.filter({ hasText: "Email On" })).toHaveCount(0);

      await toggle.click();
      const enable = page.getByRole("dialog", { name: "Enable Email for Subscriptions" });
      await expect(enable.getByRole("checkbox")).toHaveCount(2);
      await enable.getByRole("button", { name: "Enable Email" }).click();
      await expectToast(
        page,
        "Email Notifications Enabled",
        "Email notifications enabled for 2 subscriptions",
      );
      await expect(toggle).toBeChecked();
      await expect(cards.filter({ hasText: first })).toContainText("Email On");
    },
  );

  test(
    "failures: the toggle reverts when disabling fails; per-card and bulk failures toast",
    { tag: "@desktop" },
    async ({ page }) => {
      const [first] = (await alertsScene(page)) as [string, string, string];
      // The network drops these calls: the server is never reached.
      await page.route("**/api/user/disable-email", (route) => route.abort());
      await page.route("**/api/user/update-subscription-emails", (route) => route.abort());
      const toggle = page.getByRole("switch", { name: "Email notifications" });
      await toggle.click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Disable Email" }).click();
      await expectToast(page, "Error", "Failed to disable email notifications");
      await expect(toggle).toBeChecked();

      await page.getByRole("switch", { name: `Email for ${first}` }).click();
      await expectToast(page, "Error", "Failed to update email settings. Please try again.");

      await page.getByRole("checkbox", { name: `Select ${first}` }).click();
      await page.getByRole("button", { name: "Disable Email" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Disable Email" }).click();
      await expectToast(page, "Error", /^Failed to update email settings$/);
    },
  );

  test(
    "no subscriptions: an empty state, and the toggle stores the preference alone",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/settings?tab=notifications");
      await expect(page.getByRole("heading", { name: "No subscriptions yet" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Discover topics" })).toHaveAttribute("href", "/discover");

      const toggle = page.getByRole("switch", { name: "Email notifications" });
      await toggle.click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Disable Email" }).click();
      await expect(toggle).not.toBeChecked();
      await toggle.click();
      const dialog = page.getByRole("dialog", { name: "Enable Email for Subscriptions" });
      await expect(dialog).toContainText("None of your active subscriptions has email turned off.");
      await dialog.getByRole("button", { name: "Turn On Email" }).click();
      await expectToast(page, "Success", "Preferences updated successfully");
      await expect(toggle).toBeChecked();
      await page.reload();
      await expect(page.getByRole("switch", { name: "Email notifications" })).toBeChecked();
    },
  );
});

test.describe("settings: account", () => {
  test(
    "a session lost under the open page: 'Unauthorized', then the sign-in page",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/settings?tab=account");
      await expect(page.getByRole("button", { name: "Download my data" })).toBeVisible();
      // The toast lives 500 ms before the browser leaves: a busy machine could miss it with a locator, and holding
      // the sign-in page back would stall the locator itself (it waits for the navigation). So the page reports
      // every toast it shows, and the test reads the report after the browser has left.
      const toasts: string[] = [];
      await page.exposeFunction("reportToast", (text: string) => toasts.push(text));
      await page.evaluate(() => {
        const report = (window as unknown as { reportToast: (text: string) => void }).reportToast;
        new MutationObserver(() => {
          for (const item of document.querySelectorAll('[role="region"][aria-label^="Notifications"] li'))
            report(item.textContent ?? "");
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      await page.context().clearCookies();
      // The download meets the lost session, unless the 2 s notification poll has met it first.
      await Promise.race([
        page.getByRole("button", { name: "Download my data" }).click(),
        page.waitForURL(/\/api\/login/),
      ]);
      await expect(page).toHaveURL(/\/api\/login/);
      expect(toasts).toContainEqual(
        expect.stringMatching(/Unauthorized.*You are logged out\. Logging in again\.\.\./),
      );
    },
  );

  test(
    "contact support, sign out, and a data export whose files parse",
    { tag: "@desktop" },
    async ({ page }) => {
      test.slow(); // three sends, six deliveries, then the whole export read back
      await signIn(page);
      const topics = (await (await page.request.get("/api/topics")).json()) as Topic[];
      await callApi(page, "POST", "/api/subscriptions", {
        topicId: topics[0]!.id,
        frequency: "daily",
        deliveryTime: "09:00",
        emailEnabled: false,
        inAppEnabled: true,
      });
      // Three sends: three new words, the unanswered ones riding along as reviews (1 + 2 + 3 deliveries).
      expect(await runDeliveries(page, 3)).toBe(6);
      const history = (await (await page.request.get("/api/history?limit=200")).json()) as {
        content: { id: number };
      }[];
      const words = [...new Set(history.map((entry) => entry.content.id))];
      for (const contentId of words.slice(0, 2)) await callApi(page, "POST", "/api/favorites", { contentId });

      await page.goto("/settings?tab=account");
      await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
        "href",
        `mailto:${SUPPORT_EMAIL}`,
      );
      await expect(page.getByRole("link", { name: "Sign Out" })).toHaveAttribute("href", "/api/logout");

      const downloadPromise = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download my data" }).click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toMatch(/^jargon-export-\d{4}-\d{2}-\d{2}\.zip$/);
      await expectToast(page, "Download started");
      const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
      const read = (name: string) => strFromU8(files[name]!);
      const favorites = JSON.parse(read(EXPORT_FILES.favorites)) as unknown[];
      expect(favorites).toHaveLength(2);
      expect(JSON.parse(read(EXPORT_FILES.history))).toHaveLength(history.length);
      expect(parseCsv(read(EXPORT_FILES.favoritesCsv))).toHaveLength(1 + 2);
      expect(parseCsv(read(EXPORT_FILES.historyCsv))).toHaveLength(1 + history.length);
      const anki = read(EXPORT_FILES.anki)
        .trimEnd()
        .split("\n")
        .filter((line) => !line.startsWith("#"));
      expect(anki.map((line) => line.split("\t").length)).toEqual([3, 3]);
      expect(JSON.parse(read(EXPORT_FILES.profile)).profile.email).toBe((await currentUser(page)).email);
    },
  );

  test(
    "delete account: typed confirmation, then signed out for good; the address can sign up again",
    { tag: "@desktop" },
    async ({ page }) => {
      const email = uniqueEmail("leaver");
      const before = await signIn(page, { email });
      await subscribeWithEmail(page, 1);
      await page.goto("/settings?tab=account");
      await page.getByRole("button", { name: "Delete account" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      const confirm = dialog.getByRole("button", { name: "Delete my account" });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel("Type DELETE to confirm").fill("delete");
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
      await expect(confirm).toBeEnabled();
      await confirm.click();

      await expect(page).toHaveURL(`${APP_ORIGIN}/`);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Learning Dashboard");
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      expect((await page.request.get("/api/subscriptions")).status()).toBe(401);

      const again = await signIn(page, { email });
      expect(again.id).not.toBe(before.id);
      expect(await (await page.request.get("/api/subscriptions")).json()).toEqual([]);
    },
  );
});
