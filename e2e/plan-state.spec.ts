import { mkdirSync } from "node:fs";
import { ADMIN_EMAIL, expect, expectAccessible, signIn, test } from "./support/fixtures";
import { expectShownAsTrialing, startTrialByApi } from "./support/billing";

/*
 * Issue 17: one plan state. A trial is allowed once per card on the shared server, and the other succeeding test
 * cards already start trials elsewhere (in parallel); so the phone project runs this walk with the Discover card
 * no other test uses, and desktop runs the same checks (`expectShownAsTrialing`) inside settings.spec's trial test.
 */
test(
  "a trialing user is on Premium (trial) everywhere, the admin's Users tab included",
  { tag: "@mobile" },
  async ({ page, browser }) => {
    test.slow(); // a trial through the sandbox, four pages and a second (admin) browser context
    const user = await signIn(page);
    await startTrialByApi(page, "6011111111111117");
    await expectShownAsTrialing(page);
    await expectAccessible(page);
    if (process.env.SHOTS) {
      mkdirSync("/tmp/shots", { recursive: true });
      await page.screenshot({ path: "/tmp/shots/mobile-light-pricing-trialing.png", fullPage: true });
      await page.goto("/");
      await expect(page.getByTestId("trial-notice")).toBeVisible();
      await page.screenshot({ path: "/tmp/shots/mobile-light-dashboard-trialing.png" });
    }

    const context = await browser.newContext();
    const admin = await context.newPage();
    await signIn(admin, { email: ADMIN_EMAIL });
    await admin.goto("/admin?tab=users");
    await admin.getByRole("searchbox").fill(user.email);
    await expect(admin.getByTestId("plan-badge").first()).toHaveText("Premium (trial)");
    await context.close();
  },
);
