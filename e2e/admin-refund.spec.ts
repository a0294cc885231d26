import type { Page } from "@playwright/test";
import { CARDS, buyPlan, mailSubjectsTo } from "./support/billing";
import {
  ADMIN_EMAIL,
  expect,
  expectAccessibleInBothThemes,
  signIn,
  test,
  uniqueEmail,
} from "./support/fixtures";

/*
 * Support refunds a learner's last payment from the admin's user view (issue 28, the Terms' 30 days), on desktop
 * (inline editor) and at 390 px (the editor is a bottom drawer).
 */

const toast = (page: Page, title: string) =>
  page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title });

test("an admin refunds a learner's Premium payment made through the sandbox checkout", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  const email = uniqueEmail("refunded");
  await signIn(learnerPage, { email, firstName: "Rita" });
  await buyPlan(learnerPage, "Premium", CARDS.visa);

  await signIn(page, { email: ADMIN_EMAIL });
  await page.goto("/admin?tab=users");
  const dismissTrial = page.getByRole("button", { name: "Dismiss free trial offer" });
  if (await dismissTrial.isVisible()) await dismissTrial.click();
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  const card = page.getByTestId("user-card").filter({ hasText: email });
  await expect(card.getByTestId("plan-badge")).toHaveText("Premium");
  await card.getByRole("button", { name: `Edit ${email}` }).click();
  const editor =
    testInfo.project.name === "mobile"
      ? page.getByRole("dialog", { name: "Edit User" })
      : page.getByRole("listitem").filter({ has: page.getByRole("form", { name: `Edit ${email}` }) });
  await expect(editor.getByText(/^Last payment: £8\.00 on \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  await expectAccessibleInBothThemes(page);

  await editor.getByRole("button", { name: "Refund last payment" }).click();
  const confirmation = page.getByRole("alertdialog", { name: `Refund £8.00 to ${email}?` });
  await expect(confirmation).toContainText("within 5-10 business days");
  await expectAccessibleInBothThemes(page);
  await confirmation.getByRole("button", { name: "Refund", exact: true }).click();

  await expect(toast(page, "Payment refunded")).toContainText("Refunded £8.00");
  await expect(confirmation).toHaveCount(0);
  await expect(card.getByTestId("plan-badge")).toHaveText("Free");
  expect((await mailSubjectsTo(page, email)).filter((subject) => subject.includes("refund"))).toEqual([
    "Your Jargon refund is on its way",
  ]);

  // Nothing is left to refund: the button is disabled and says why.
  await card.getByRole("button", { name: `Edit ${email}` }).click();
  const again = editor.getByRole("button", { name: "Refund last payment" });
  await expect(again).toBeDisabled();
  await expect(again).toHaveAccessibleDescription(
    /^The last charge \(£8\.00 on .+\) has already been refunded\.$/,
  );
  await learnerContext.close();
});
