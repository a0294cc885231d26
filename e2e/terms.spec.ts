import type { Page } from "@playwright/test";
import { expect, expectAccessibleInBothThemes, signIn, SUPPORT_EMAIL, test } from "./support/fixtures";

const SECTIONS = [
  "Introduction",
  "Service Description",
  "Subscription and Payment Terms",
  "Cancellation and Refunds",
  "User Obligations and Acceptable Use",
  "Privacy and Data Protection",
  "Limitation of Liability",
  "Governing Law and Jurisdiction",
  "Changes to These Terms",
  "Contact Information",
];

/** plans-billing §2: each `from` value → the button's label, where it goes, and whether it saves the record. */
const BACK_BUTTON_TABLE: [from: string | null, label: string, path: string, savesRecord: boolean][] = [
  [null, "Back to Settings", "/settings", false],
  ["settings", "Back to Settings", "/settings", false],
  ["trial", "Back to Trial", "/pricing", true],
  ["checkout", "Back to Checkout", "/pricing", true],
  ["pricing", "Back to Plans", "/pricing", true],
  ["upgrade", "Back to Settings", "/pricing", true],
];

const openTerms = async (page: Page, from: string | null = null) => {
  await page.goto(from === null ? "/terms" : `/terms?from=${from}`);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
};

/**
 * Records every write of 'restoreModalState' in this page: the plans page may read and remove the record as
 * soon as it opens, so the test watches the write itself (and its value) rather than racing that read.
 */
const watchRestoreWrites = (page: Page) =>
  page.evaluate(() => {
    const writes: string[] = [];
    (window as unknown as { restoreWrites: string[] }).restoreWrites = writes;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === "restoreModalState") writes.push(value);
      return setItem.call(this, key, value);
    };
  });

const restoreWrites = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { restoreWrites: string[] }).restoreWrites)).map(
    (value) => JSON.parse(value) as unknown,
  );

test(
  "the Terms show the date, ten sections and the facts they promise",
  { tag: "@desktop" },
  async ({ page }) => {
    await signIn(page);
    await openTerms(page, "settings");
    await expect(page.getByText("Last updated: September 10, 2025")).toBeVisible();
    const headings = page
      .getByRole("main")
      .getByRole("heading", { level: 2 })
      .filter({ hasNotText: "Contents" });
    await expect(headings).toHaveText(SECTIONS.map((title, index) => `${index + 1}. ${title}`));

    const section = (title: string) => page.getByRole("region", { name: new RegExp(`^\\d+\\. ${title}$`) });
    const payment = section("Subscription and Payment Terms");
    await expect(payment.getByText(/£8\.00 per month, billed monthly in advance/)).toBeVisible();
    await expect(payment.getByText(/Prices include VAT/)).toBeVisible();
    await expect(
      payment.getByText(/7-day free trial of Premium, limited to one trial per user/),
    ).toBeVisible();
    await expect(payment.getByText(/not charged during the trial/)).toBeVisible();
    await expect(payment.getByText(/converts automatically/)).toBeVisible();
    await expect(payment.getByText(/at least 30 days' notice/)).toBeVisible();
    await expect(payment.getByText(/after 7 days, we may suspend/)).toBeVisible();
    await expect(payment.getByText(/card payment provider/)).toBeVisible();

    const cancellation = section("Cancellation and Refunds");
    await expect(cancellation.getByText(/Cancelling a free trial takes effect immediately/)).toBeVisible();
    await expect(
      cancellation.getByText(/at the end of the current billing period. You keep Premium/),
    ).toBeVisible();
    await expect(cancellation.getByText(/within 30 days of a charge/)).toBeVisible();
    await expect(cancellation.getByText(/within 5-10 business days/)).toBeVisible();
    await expect(cancellation.getByText(/within 14 days of purchase/)).toBeVisible();
    await expect(cancellation.getByText(/up to 3 months/)).toBeVisible();

    const privacy = section("Privacy and Data Protection");
    for (const kind of [
      "Account information: your email address, name and preferences.",
      /^Learning progress and interaction data/,
      /^Payment information/,
      /^Technical usage data/,
    ]) {
      await expect(privacy.getByRole("listitem").filter({ hasText: kind })).toHaveCount(1);
    }
    const liability = section("Limitation of Liability");
    await expect(liability.getByText(/99\.9% availability/)).toBeVisible();
    await expect(
      liability.getByText(/limited to the amount you paid us in the 12 months before the claim/),
    ).toBeVisible();
    await expect(section("Changes to These Terms").getByText(/at least 30 days before/)).toBeVisible();
    const contact = section("Contact Information");
    await expect(contact.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
    await expect(contact.getByText(/within 24 hours/)).toBeVisible();
    // Each plan as the plans page and the server's rules give it (issue 17): Pro's difference is stated too.
    const plans = section("Service Description").getByRole("listitem");
    await expect(plans).toHaveText([
      /^Free \(no charge\): 1 active subscription, /,
      /^Basic \(£4\/month\): Up to 5 active subscriptions, /,
      /^Premium \(£8\/month\): Unlimited subscriptions, All delivery frequencies, .*Priority support\.$/,
      /^Pro \(£16\/month\): Everything in Premium, Up to 5 words per delivery\.$/,
    ]);

    // The contents list jumps to a section.
    await page
      .getByRole("navigation", { name: "Contents" })
      .getByRole("link", { name: "7. Limitation of Liability" })
      .click();
    await expect(page).toHaveURL(/#limitation-of-liability$/);
    await expect(liability).toBeInViewport();
  },
);

test.describe("the Terms back button", () => {
  for (const [from, label, path, savesRecord] of BACK_BUTTON_TABLE) {
    test(
      `from=${from ?? "(absent)"} reads '${label}' and goes to ${path}${savesRecord ? ", saving the restore record" : ""}`,
      { tag: "@desktop" },
      async ({ page }) => {
        await signIn(page);
        await openTerms(page, from);
        await page.evaluate(() => localStorage.removeItem("restoreModalState"));
        await watchRestoreWrites(page);
        const before = Date.now();
        await page.getByRole("link", { name: label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole("heading", { name: "Terms of Service" })).toHaveCount(0);
        const writes = await restoreWrites(page);
        if (!savesRecord) {
          expect(writes).toEqual([]);
          expect(await page.evaluate(() => localStorage.getItem("restoreModalState"))).toBeNull();
          return;
        }
        expect(writes).toEqual([{ type: from, timestamp: expect.any(Number) }]);
        const { timestamp } = writes[0] as { timestamp: number };
        expect(timestamp).toBeGreaterThanOrEqual(before - 1000);
        expect(timestamp).toBeLessThanOrEqual(Date.now() + 1000);
      },
    );
  }

  test(
    "a visitor who opened the Terms from a public page goes back home",
    { tag: "@desktop" },
    async ({ page }) => {
      await page.goto("/faq");
      await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
      await page.getByRole("link", { name: "Back to Home", exact: true }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Speak the language of experts" }),
      ).toBeVisible();
    },
  );

  test(
    "a visitor coming from the trial offer goes back to the plans with the record saved",
    { tag: "@desktop" },
    async ({ page }) => {
      await openTerms(page, "trial");
      await watchRestoreWrites(page);
      await page.getByRole("link", { name: "Back to Trial", exact: true }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      expect(await restoreWrites(page)).toEqual([{ type: "trial", timestamp: expect.any(Number) }]);
    },
  );
});

test(`the Terms pass axe in light and dark`, async ({ page }) => {
  await openTerms(page, "trial");
  await expect(page.getByRole("link", { name: "help@jargon.test" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
});
