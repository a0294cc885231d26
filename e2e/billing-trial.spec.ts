import { RESTORE_MODAL_STATE_KEY } from "../src/shared/constants";
import {
  CARDS,
  currentUser,
  fillSandboxCard,
  mailSubjectsTo,
  runBilling,
  subscribeToTopics,
  trialCardFor,
} from "./support/billing";
import { expect, signIn, test, toastTitled } from "./support/fixtures";
import { postSubscription } from "./support/subscriptions";

/** Refused on the Free plan (one subscription, daily at most), accepted once Premium limits apply. */
const secondHourlySubscription = {
  topicId: 2,
  frequency: "hourly",
  emailEnabled: false,
  inAppEnabled: true,
  deliveryTime: "09:00",
} as const;

test.describe("free trial", () => {
  test(
    "the banner's trial modal starts a 7-day trial with a test card and lifts the plan limits",
    { tag: "@desktop" },
    async ({ memberPage: page, member }, testInfo) => {
      // Free plan: one subscription, a second is refused.
      await subscribeToTopics(page, 1);
      const refused = await postSubscription(page, secondHourlySubscription);
      expect(refused.status()).toBe(403);

      const banner = page.getByRole("region", { name: "Free trial offer" });
      await expect(banner).toContainText("Get 7 days of Premium FREE");
      await banner.getByRole("button", { name: "Start Free Trial" }).click();

      const modal = page.getByRole("dialog");
      await expect(modal.getByText("Unlimited vocabulary subscriptions")).toBeVisible();
      await expect(modal.getByText("Your card is verified, not charged")).toBeVisible();
      await expect(modal.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
        "href",
        "/terms?from=trial",
      );
      await modal.getByRole("button", { name: "Continue to Payment Setup" }).click();

      await expect(modal.getByRole("heading", { name: "Secure Card Verification" })).toBeVisible();
      await expect(modal.getByText("This is a test payment - no real money will be charged")).toBeVisible();
      const submit = modal.getByRole("button", { name: /^Start (7-Day )?Trial$/ });
      await expect(submit).toBeDisabled();
      await fillSandboxCard(page, trialCardFor(testInfo));
      await submit.click();

      await expect(toastTitled(page, "Trial Started! 🎉")).toContainText(
        "Welcome to your 7-day premium trial!",
      );
      await expect(modal).toBeHidden();
      await expect(banner).toBeHidden();

      // Premium limits: a second subscription and an hourly frequency are now accepted.
      const accepted = await postSubscription(page, secondHourlySubscription);
      expect(accepted.status(), await accepted.text()).toBe(201);

      await page.goto("/pricing");
      const trialBanner = page.getByRole("region", { name: "Free trial" });
      await expect(trialBanner).toContainText("Your Premium trial is active");
      await expect(trialBanner.getByRole("button", { name: "Cancel Trial" })).toBeVisible();
      expect(await mailSubjectsTo(page, member.email)).toContain("Your 7-day Premium trial has started");

      // Past the trial end: it converts to paid Premium and the receipt arrives in the local mailbox.
      await runBilling(page);
      await expect
        .poll(() => mailSubjectsTo(page, member.email))
        .toContain("Payment receipt: Jargon Premium");
      expect(await currentUser(page)).toMatchObject({
        subscriptionPlan: "premium",
        subscriptionStatus: "active",
        trialStatus: "converted",
      });
      await page.reload();
      await expect(
        page.getByRole("article", { name: "Premium" }).getByRole("button", { name: "Current Plan" }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: "Free trial" })).toBeHidden();
    },
  );

  test(
    "a declined card shows the provider's message and keeps the payment step open",
    { tag: "@desktop" },
    async ({ memberPage: page }) => {
      await page.getByRole("button", { name: "Start Free Trial" }).click();
      const modal = page.getByRole("dialog");
      await modal.getByRole("button", { name: "Continue to Payment Setup" }).click();
      await fillSandboxCard(page, CARDS.declined);
      await modal.getByRole("button", { name: /^Start (7-Day )?Trial$/ }).click();
      await expect(toastTitled(page, "Payment Method Setup Failed")).toContainText("Your card was declined.");
      await expect(modal.getByRole("heading", { name: "Secure Card Verification" })).toBeVisible();
      // Go Back / Cancel returns to the info step.
      await modal.getByRole("button", { name: /^(Go Back|Cancel)$/ }).click();
      await expect(modal.getByRole("button", { name: "Continue to Payment Setup" })).toBeVisible();
    },
  );

  // Desktop only: on the phone too it would need a third trial card, and the flow is not layout-specific.
  test(
    "a cancelled trial stays to its end date, can be kept, and then returns to the free plan",
    { tag: "@desktop" },
    async ({ memberPage: page }) => {
      // Two users, two trial attempts, three cancellations or undos and a billing run: at this machine's load every
      // request answered within 1.5 s (trace), yet the whole flow took the default 30 s. It is long, not stuck.
      test.slow();
      await page.getByRole("button", { name: "Start Free Trial" }).click();
      const modal = page.getByRole("dialog");
      await modal.getByRole("button", { name: "Continue to Payment Setup" }).click();
      await fillSandboxCard(page, "3782 822463 10005");
      await modal.getByRole("button", { name: /^Start (7-Day )?Trial$/ }).click();
      await expect(toastTitled(page, "Trial Started! 🎉")).toBeVisible();
      await page.goto("/pricing");
      await page.getByRole("button", { name: "Cancel Trial" }).click();
      // Changing one's mind in the confirmation changes nothing.
      await page.getByRole("alertdialog").getByRole("button", { name: "Keep My Trial" }).click();
      expect((await currentUser(page)).nextBillingDate).not.toBeNull();
      await page.getByRole("button", { name: "Cancel Trial" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Trial" }).click();
      await expect(toastTitled(page, "Trial Cancelled")).toContainText(
        "then you move to the free plan without being charged.",
      );
      const banner = page.getByRole("region", { name: "Free trial" });
      await expect(banner).toContainText(/Your Premium trial ends on \d+ \w+ \d{4}/);
      await expect(page.getByRole("button", { name: /^Current plan · trial, ends on / })).toBeVisible();
      // 'Keep Trial' undoes the cancellation; cancel again for the rest of the test.
      await banner.getByRole("button", { name: "Keep Trial" }).click();
      await expect(toastTitled(page, "Trial Kept")).toBeVisible();
      await expect(banner).toContainText("Your Premium trial is active");
      await banner.getByRole("button", { name: "Cancel Trial" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Trial" }).click();
      await expect(banner.getByRole("button", { name: "Keep Trial" })).toBeVisible();
      await runBilling(page);
      await page.reload();
      await expect(banner).toBeHidden();
      expect(await currentUser(page)).toMatchObject({ subscriptionPlan: "free", trialStatus: "cancelled" });
      // One trial per user: the offer is gone for good.
      await expect(page.getByRole("button", { name: "Start 7-Day Free Trial" })).toBeHidden();
      await expect(page.getByRole("region", { name: "Free trial offer" })).toBeHidden();

      // One trial per card: another user bringing the same card is refused with the server's reason.
      await page.context().clearCookies();
      await signIn(page);
      await page.goto("/");
      await page.getByRole("button", { name: "Start Free Trial" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Continue to Payment Setup" }).click();
      await fillSandboxCard(page, "3782 822463 10005");
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^Start (7-Day )?Trial$/ })
        .click();
      await expect(toastTitled(page, "Trial Setup Failed")).toContainText(
        "This card has already been used for a free trial.",
      );
      expect((await currentUser(page)).trialStatus).toBeNull();
      // Another card in the same dialog is taken on its own merits: the refused one's setup is not reused.
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByLabel("Card number")).toHaveValue("");
      // A card of this test's own: the two projects share one server, and a trial is once per card.
      await fillSandboxCard(page, "4000 0566 5566 5556");
      await dialog.getByRole("button", { name: /^Start (7-Day )?Trial$/ }).click();
      await expect(toastTitled(page, "Trial Started! 🎉")).toBeVisible();
      expect((await currentUser(page)).trialStatus).toBe("active");
    },
  );

  test(
    "the Terms page's restore record reopens the trial modal once, only while fresh",
    { tag: "@desktop" },
    async ({ memberPage: page }) => {
      const save = (ageMs: number, type = "trial") =>
        page.evaluate(([key, record]) => localStorage.setItem(key, record), [
          RESTORE_MODAL_STATE_KEY,
          JSON.stringify({ type, timestamp: Date.now() - ageMs }),
        ] as const);
      await save(60_000);
      await page.goto("/pricing");
      await expect(
        page.getByRole("dialog").getByRole("button", { name: "Continue to Payment Setup" }),
      ).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), RESTORE_MODAL_STATE_KEY)).toBeNull();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      for (const [age, type] of [
        [6 * 60_000, "trial"],
        [1000, "checkout"],
      ] as const) {
        await save(age, type);
        await page.goto("/pricing");
        await expect(
          page.getByRole("heading", { level: 1, name: "Choose Your Learning Plan" }),
        ).toBeVisible();
        await expect(page.getByRole("dialog")).toBeHidden();
        expect(await page.evaluate((key) => localStorage.getItem(key), RESTORE_MODAL_STATE_KEY)).toBeNull();
      }
    },
  );

  test(
    "the trial modal's terms link comes back to the open trial modal with 'Back to Trial'",
    { tag: "@desktop" },
    async ({ memberPage: page }) => {
      await page
        .getByRole("region", { name: "Free trial offer" })
        .getByRole("button", { name: "Start Free Trial" })
        .click();
      await page.getByRole("dialog").getByRole("link", { name: "Terms of Service" }).click();
      await expect(page).toHaveURL(/\/terms\?from=trial$/);
      await expect(page.getByRole("dialog")).toBeHidden();
      await page
        .getByRole("link", { name: "Back to Trial" })
        .or(page.getByRole("button", { name: "Back to Trial" }))
        .click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(
        page.getByRole("dialog").getByRole("button", { name: "Continue to Payment Setup" }),
      ).toBeVisible();
    },
  );

  test("the banner can be dismissed", { tag: "@desktop" }, async ({ memberPage: page }) => {
    const banner = page.getByRole("region", { name: "Free trial offer" });
    await banner.getByRole("button", { name: "Dismiss free trial offer" }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test("a dismissed banner stays out of the screen the server draws: nothing appears and then goes", async ({
    page,
  }) => {
    await signIn(page, { timeZone: "Europe/London" });
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Free trial offer" });
    await banner.getByRole("button", { name: "Dismiss free trial offer" }).click();
    await expect(banner).toBeHidden();
    // The page as the server sends it, with this browser's cookies: drawn, and without the offer.
    const drawn = await (await page.request.get("/")).text();
    expect(drawn).toContain('<div id="takeover-shield"');
    expect(drawn).toContain("Learning Dashboard");
    expect(drawn).not.toContain("Get 7 days of Premium FREE");
    // Back at the first byte: the drawing shows no offer, and neither does the app once it has taken over.
    await page.reload({ waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.locator("#takeover-shield")).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    // Another member signing in on this browser still gets the offer.
    await signIn(page, { timeZone: "Europe/London" });
    await page.goto("/");
    await expect(banner).toBeVisible();
  });
});
