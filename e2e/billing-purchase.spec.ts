import { CANCEL_SUBSCRIPTION_CONFIRMATION } from "../src/client/features/billing/plan-actions";
import { formatMonthlyEquivalent, formatPlanPrice, planPrice } from "../src/shared/rules/billing";
import { buyPlan, CARDS, currentUser, fillSandboxCard, mailSubjectsTo, runBilling } from "./support/billing";
import { expect, signIn, test, toastTitled } from "./support/fixtures";

test.describe("buying a plan", () => {
  test(
    "buy Pro yearly in dollars: the success page says what was charged, how often, and when next",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      test.slow(); // the plans page, checkout and the activation
      await page.goto("/pricing");
      await page.getByRole("group", { name: "Currency" }).getByText("$ USD", { exact: true }).click();
      await page.getByRole("group", { name: "Billing period" }).getByText("Yearly", { exact: true }).click();
      await page.getByRole("article", { name: "Pro" }).getByRole("button", { name: "Upgrade Now" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Complete Your Purchase" })).toBeVisible();
      await fillSandboxCard(page, CARDS.visa);
      await page.getByRole("button", { name: "Confirm Payment" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Purchase Successful" })).toBeVisible();
      const yearly = planPrice("pro", "usd", "year");
      const details = page.getByRole("definition");
      await expect(details.filter({ hasText: formatPlanPrice(yearly, "usd", "year") })).toContainText(
        formatMonthlyEquivalent(yearly, "usd"),
      );
      await expect(details.filter({ hasText: /^Yearly$/ })).toBeVisible();
      const user = await currentUser(page);
      expect(user).toMatchObject({
        subscriptionPlan: "pro",
        billingInterval: "year",
        billingCurrency: "usd",
      });
      const nextBilling = new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
      }).format(new Date(user.nextBillingDate!));
      await expect(details.filter({ hasText: nextBilling })).toBeVisible();
      expect(new Date(user.nextBillingDate!).getFullYear()).toBe(new Date().getFullYear() + 1);
    },
  );

  test(
    "switch Premium checkout from monthly to yearly: the amount follows, one payment, success says Yearly",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      test.slow(); // the plans page, two payments opened, the activation
      await page.goto("/pricing");
      await page.getByRole("article", { name: "Premium" }).getByRole("button", { name: "Buy Now" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Complete Your Purchase" })).toBeVisible();
      const monthly = formatPlanPrice(planPrice("premium", "gbp", "month"), "gbp", "month");
      await expect(page.getByLabel(monthly, { exact: true })).toBeVisible();

      const yearly = planPrice("premium", "gbp", "year");
      await page.getByRole("group", { name: "Billing period" }).getByText("Yearly", { exact: true }).click();
      await expect(page.getByLabel(formatPlanPrice(yearly, "gbp", "year"), { exact: true })).toBeVisible();
      await expect(page.getByText(formatMonthlyEquivalent(yearly, "gbp"))).toBeVisible();
      await expect(page.getByText("Premium · billed yearly, cancel anytime")).toBeVisible();
      await fillSandboxCard(page, CARDS.visa);
      await page.getByRole("button", { name: "Confirm Payment" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Purchase Successful" })).toBeVisible();
      await expect(page.getByRole("definition").filter({ hasText: /^Yearly$/ })).toBeVisible();
      const user = await currentUser(page);
      expect(user).toMatchObject({ subscriptionPlan: "premium", billingInterval: "year" });
      // The monthly payment opened first was never confirmed: one receipt, for the yearly price.
      expect(
        (await mailSubjectsTo(page, user.email)).filter((subject) => subject.startsWith("Payment receipt")),
      ).toEqual(["Payment receipt: Jargon Premium"]);
    },
  );

  test(
    "buy Basic, cancel, keep it, cancel again and reach the period end",
    { tag: "@desktop" },
    async ({ page, member }) => {
      // Eight screens and a billing run in one flow: at this machine's load (2 cores, ~11 runnable) every request
      // answered within 1.5 s, yet the whole flow reached the default 30 s. No request waits on another: it is long.
      test.slow();
      await page.goto("/pricing");
      await page.getByRole("article", { name: "Basic" }).getByRole("button", { name: "Upgrade Now" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Complete Your Purchase" })).toBeVisible();
      await expect(page.getByText("You're upgrading to the Basic plan")).toBeVisible();
      await expect(page.getByText("This is a test payment - no real money will be charged")).toBeVisible();
      await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
        "href",
        "/terms?from=checkout",
      );
      await expect(page.getByText("£4/month").first()).toBeVisible();
      await fillSandboxCard(page, CARDS.visa);
      await page.getByRole("button", { name: "Confirm Payment" }).click();

      await expect(page).toHaveURL(/\/purchase-success\?payment_intent_id=pi_/);
      await expect(page.getByRole("heading", { level: 1, name: "Purchase Successful" })).toBeVisible();
      await expect(toastTitled(page, "Subscription Activated!")).toContainText(
        "Your new plan is now active and ready to use.",
      );
      const details = page.getByRole("definition");
      await expect(details.filter({ hasText: "Basic" })).toBeVisible();
      await expect(details.filter({ hasText: "£4/month" })).toBeVisible();
      const today = new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
      }).format(new Date());
      await expect(details.filter({ hasText: today })).toBeVisible();
      await expect(page.getByRole("term").filter({ hasText: "Billed" })).toBeVisible();
      await expect(details.filter({ hasText: /^Monthly$/ })).toBeVisible();
      await expect(page.getByRole("term").filter({ hasText: "Next billing date" })).toBeVisible();
      const user = await currentUser(page);
      expect(user).toMatchObject({ subscriptionPlan: "basic", subscriptionStatus: "active" });
      await expect(page.getByText(`A confirmation email has been sent to ${member.email}.`)).toBeVisible();
      await expect.poll(() => mailSubjectsTo(page, member.email)).toContain("Payment receipt: Jargon Basic");
      await expect(page.getByRole("link", { name: "View Dashboard" })).toHaveAttribute("href", "/");
      await expect(page.getByRole("link", { name: "Manage Subscriptions" })).toHaveAttribute(
        "href",
        "/subscriptions",
      );
      await expect(page.getByRole("link", { name: "help@jargon.test" })).toHaveAttribute(
        "href",
        "mailto:help@jargon.test",
      );

      // Cancel: the browser asks first; saying no changes nothing.
      await page.goto("/pricing");
      await expect(
        page.getByRole("article", { name: "Basic" }).getByRole("button", { name: "Current Plan" }),
      ).toBeVisible();
      const messages: string[] = [];
      page.once("dialog", (dialog) => {
        messages.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole("button", { name: "Cancel Subscription" }).click();
      await expect.poll(() => messages).toEqual([CANCEL_SUBSCRIPTION_CONFIRMATION]);
      expect((await currentUser(page)).subscriptionStatus).toBe("active");

      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Cancel Subscription" }).click();
      const scheduled = page.getByRole("region", { name: "Cancellation Scheduled" });
      await expect(scheduled).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeHidden();

      await scheduled.getByRole("button", { name: "Keep My Subscription" }).click();
      await expect(toastTitled(page, "Subscription Reactivated!")).toBeVisible();
      await expect(scheduled).toBeHidden();
      expect((await currentUser(page)).subscriptionStatus).toBe("active");

      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Cancel Subscription" }).click();
      await expect(scheduled).toBeVisible();
      const ending = await currentUser(page);
      expect(ending.subscriptionStatus).toBe("pending_cancel");

      // The period ends: back to Free, told once by the 'Plan Changed to Free' notice.
      await runBilling(page, new Date(new Date(ending.subscriptionEndsAt!).getTime() + 60_000));
      expect(await currentUser(page)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: null });
      await page.goto("/");
      const notice = page.getByRole("region", { name: "Plan Changed to Free" });
      await expect(notice).toContainText("Basic → Free");
      await notice.getByRole("button", { name: "Dismiss plan change notice" }).click();
      await expect(notice).toBeHidden();
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
      await expect(notice).toBeHidden();
    },
  );

  test(
    "a declined card shows the provider's message and stays on checkout",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await page.goto("/pricing");
      await page.getByRole("article", { name: "Pro" }).getByRole("button", { name: "Upgrade Now" }).click();
      await fillSandboxCard(page, CARDS.declined);
      await page.getByRole("button", { name: "Confirm Payment" }).click();
      await expect(toastTitled(page, "Payment Failed")).toContainText("Your card was declined.");
      await expect(page.getByRole("heading", { level: 1, name: "Complete Your Purchase" })).toBeVisible();
      expect((await currentUser(page)).subscriptionPlan).toBe("free");
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Choose Your Learning Plan" })).toBeVisible();
    },
  );

  test(
    "a failed renewal shows the payment-failed notice; 7 days unpaid return the account to Free",
    { tag: "@desktop" },
    async ({ memberPage: page, isMobile }) => {
      await buyPlan(page, "Basic", CARDS.failsOnRenewal);
      const bought = await currentUser(page);
      await runBilling(page, new Date(new Date(bought.nextBillingDate!).getTime() + 60_000));
      expect((await currentUser(page)).subscriptionStatus).toBe("past_due");

      await page.goto("/");
      const failed = page.getByRole("region", { name: "Payment Failed" });
      await expect(failed).toContainText(
        "Your last payment couldn't be processed. Please update your payment method to continue your subscription.",
      );
      await expect(failed.getByRole("button", { name: "Update Payment Method" })).toBeVisible();
      await expect(failed.getByRole("button", { name: /Dismiss/ })).toHaveCount(0);

      await runBilling(page, new Date(new Date(bought.nextBillingDate!).getTime() + 8 * 24 * 3_600_000));
      await page.reload();
      const notice = page.getByRole("region", { name: "Plan Changed to Free" });
      await expect(notice).toContainText("Basic → Free");
      await expect(notice.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
        "href",
        "mailto:help@jargon.test",
      );
      await expect(notice.getByRole("link", { name: "Upgrade Again" })).toHaveAttribute("href", "/pricing");
      await page.screenshot({
        path: `/tmp/shots-billing/notice-plan-changed-${isMobile ? 390 : 1280}-light.png`,
      });
      await expect(failed).toBeHidden();
    },
  );

  test(
    "a renewal in 3 days or fewer shows a notice dismissed per renewal date, 'Tomorrow' at 1 day",
    { tag: "@desktop" },
    async ({ memberPage: page, isMobile }) => {
      await buyPlan(page, "Basic");
      const renewal = new Date((await currentUser(page)).nextBillingDate!).getTime();
      const DAY = 24 * 3_600_000;

      await page.clock.setFixedTime(renewal - 2.5 * DAY);
      await page.goto("/");
      const notice = page.getByRole("region", { name: "Your plan renews in 3 days" });
      await expect(notice).toBeVisible();

      await page.clock.setFixedTime(renewal - 0.5 * DAY);
      await page.reload();
      const tomorrow = page.getByRole("region", { name: "Your plan renews Tomorrow" });
      await expect(tomorrow).toBeVisible();
      await page.screenshot({ path: `/tmp/shots-billing/notice-renewal-${isMobile ? 390 : 1280}-light.png` });
      await tomorrow.getByRole("button", { name: "Dismiss renewal notice" }).click();
      await expect(tomorrow).toBeHidden();
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
      await expect(tomorrow).toBeHidden();

      await page.clock.setFixedTime(renewal - 5 * DAY);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
      await expect(page.getByRole("region", { name: /Your plan renews/ })).toHaveCount(0);
    },
  );
});
