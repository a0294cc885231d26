import { buyPlan, CARDS, currentUser, fillSandboxCard, runBilling } from "./support/billing";
import {
  expect,
  expectAccessibleInBothThemes,
  SHOT_THEMES,
  signIn,
  startWithTheme,
  test,
  toastTitled,
} from "./support/fixtures";

for (const theme of SHOT_THEMES) {
  test(`a failed renewal is fixed with a new card in the sandbox portal (${theme})`, async ({
    page,
    isMobile,
  }) => {
    test.setTimeout(90_000);
    await startWithTheme(page, theme);
    await signIn(page);
    await buyPlan(page, "Pro", CARDS.failsOnRenewal);
    const bought = await currentUser(page);
    await runBilling(page, new Date(new Date(bought.nextBillingDate!).getTime() + 60_000));

    await page.goto("/");
    const failed = page.getByRole("region", { name: "Payment Failed" });
    await expect(failed).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.screenshot({
      path: `/tmp/shots-billing/notice-past-due-${isMobile ? 390 : 1280}-${theme}.png`,
    });

    const portalPromise = page.context().waitForEvent("page");
    await failed.getByRole("button", { name: "Update Payment Method" }).click();
    const portal = await portalPromise;
    await expect(portal).toHaveURL(/\/sandbox\/portal$/);
    await expect(portal.getByRole("heading", { level: 1, name: "Billing Portal" })).toBeVisible();
    await expect(portal.getByText("This is a test payment - no real money will be charged")).toBeVisible();
    await expect(portal.getByText("Payment failed", { exact: true })).toBeVisible();
    await expectAccessibleInBothThemes(portal);
    await portal.screenshot({
      path: `/tmp/shots-billing/portal-${isMobile ? 390 : 1280}-${theme}.png`,
      fullPage: true,
    });

    await fillSandboxCard(portal, CARDS.visa);
    await portal.getByRole("button", { name: "Update payment method", exact: true }).click();
    await expect(toastTitled(portal, "Payment method updated")).toBeVisible();
    await expect(portal.getByText("VISA ending 4242")).toBeVisible();
    expect(await currentUser(page)).toMatchObject({ subscriptionPlan: "pro", subscriptionStatus: "active" });

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
    await expect(failed).toBeHidden();
  });
}
