import type { Page } from "@playwright/test";
import { TEAM_REQUEST_MESSAGES, teamRequestAcknowledgement } from "../src/shared/api/teams";
import { YEARLY_PRICE_MONTHS } from "../src/shared/constants";
import { formatPlanAmount, planPrice, yearlySaving } from "../src/shared/rules/billing";
import { mailSubjectsTo } from "./support/billing";
import {
  ADMIN_EMAIL,
  expect,
  expectAccessibleInBothThemes,
  signIn,
  test,
  uniqueEmail,
} from "./support/fixtures";

/**
 * Issue 28: the FAQ's own words (plans-billing §1/§2), now true: the professional plan at $19 per month (Pro in US
 * dollars), annual savings as a figure, and team plans on request, which lead to the /teams form. The form stores
 * the request, acknowledges it by e-mail and shows it to admins. Figures come from the shared billing rules.
 */
const PRICE_QUESTION = "How much does Jargon cost?";
const PRO_DOLLARS = formatPlanAmount(planPrice("pro", "usd", "month"), "usd");
const PRO_YEAR = formatPlanAmount(planPrice("pro", "gbp", "year"), "gbp");
const PRO_SAVING = formatPlanAmount(yearlySaving("pro", "gbp"), "gbp");
const PRO_TWELVE_MONTHS = formatPlanAmount(planPrice("pro", "gbp", "month") * 12, "gbp");

const priceAnswer = (page: Page) =>
  page.locator("details", { has: page.locator("summary", { hasText: PRICE_QUESTION }) });

async function openPriceAnswer(page: Page) {
  await page.goto("/faq");
  await page.locator("summary", { hasText: PRICE_QUESTION }).click();
  await expect(priceAnswer(page)).toHaveAttribute("open", "");
}

test(
  "the FAQ names the $19 professional plan, the annual saving and team plans, next to the pound prices",
  { tag: "@desktop" },
  async ({ page }) => {
    expect(PRO_DOLLARS).toBe("$19");
    await openPriceAnswer(page);
    const answer = priceAnswer(page);
    await expect(answer.getByText(/Premium is £8\/month/)).toBeVisible();
    await expect(answer.getByText(/the professional plan \(Pro\) is \$19 per month/)).toBeVisible();
    await expect(
      answer.getByText(`annual savings: a year costs the price of ${YEARLY_PRICE_MONTHS} months`),
    ).toBeVisible();
    await expect(
      answer.getByText(`A year of Pro is ${PRO_YEAR} instead of ${PRO_TWELVE_MONTHS}, saving ${PRO_SAVING}`),
    ).toBeVisible();
    await expect(answer.getByText(/Team plans are available on request/)).toBeVisible();
    // The Terms keep the spec's other reading.
    await page.goto("/terms");
    await expect(page.getByText(/£8\.00 per month/).first()).toBeVisible();
  },
);

test(
  "a visitor asks for a team plan from the FAQ, is told and e-mailed, and an admin sees the request",
  { tag: "@desktop" },
  async ({ page }) => {
    test.slow(); // FAQ, form, mailbox, then the admin console
    await openPriceAnswer(page);
    await priceAnswer(page).getByRole("link", { name: "Ask us about a team plan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Jargon for Teams" })).toBeVisible();

    // Nothing is sent while the form is wrong; each field says what it needs.
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect(page.getByText(TEAM_REQUEST_MESSAGES.companyRequired)).toBeVisible();
    await expect(page.getByText(TEAM_REQUEST_MESSAGES.seats)).toBeVisible();
    await expect(page.getByText(TEAM_REQUEST_MESSAGES.workEmail)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Company", exact: true })).toBeFocused();

    const company = `Northwind ${Date.now().toString(36)}`;
    const workEmail = uniqueEmail("team-buyer");
    await page.getByRole("textbox", { name: "Company", exact: true }).fill(company);
    await page.getByLabel("Seats").fill("12");
    await page.getByLabel("Work email").fill(workEmail);
    await page.getByLabel("Message (optional)").fill("Twelve trainee solicitors starting in September.");
    await expect(page.getByText(TEAM_REQUEST_MESSAGES.companyRequired)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole("button", { name: "Send Request" }).click();

    const done = page.getByRole("status").filter({ hasText: "Request sent" });
    await expect(done).toContainText(teamRequestAcknowledgement(workEmail));
    expect(await mailSubjectsTo(page, workEmail)).toEqual(["Your Jargon team request"]);

    await signIn(page, { email: ADMIN_EMAIL });
    await page.goto("/admin?tab=teams");
    const request = page.getByRole("listitem").filter({ hasText: company });
    await expect(request).toContainText("12 seats");
    await expect(request.getByRole("link", { name: workEmail })).toHaveAttribute(
      "href",
      `mailto:${workEmail}`,
    );
    await expect(request).toContainText("Twelve trainee solicitors");
    await expect(request).toContainText("Acknowledged by e-mail");
  },
);

test("the plans page leads to the Teams form", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/pricing");
  await page.getByRole("link", { name: "Ask us about a team plan" }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByRole("heading", { level: 1, name: "Jargon for Teams" })).toBeVisible();
});

test.describe(`axe in light and dark`, () => {
  test("the FAQ's price answer, open with its team link", async ({ page }) => {
    test.setTimeout(60_000); // axe on a long page takes seconds on a busy machine
    await openPriceAnswer(page);
    await expect(priceAnswer(page).getByRole("link", { name: "Ask us about a team plan" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });

  test("the Teams form, empty and with its errors shown", async ({ page }) => {
    test.setTimeout(60_000); // two axe runs
    await page.goto("/teams");
    await expect(page.getByRole("heading", { level: 1, name: "Jargon for Teams" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect(page.getByText(TEAM_REQUEST_MESSAGES.workEmail)).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});
