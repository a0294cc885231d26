import type { Page } from "@playwright/test";
import type { Plan } from "@shared/api/billing";
import { formatPlanAmount, planPrice, yearlySaving } from "@shared/rules/billing";
import { callApi, expect, signIn, test } from "./support/fixtures";
import { subscribeByApi, topicNamed } from "./support/subscriptions";

/**
 * Issue 17: every price the client can show, on every screen that shows one, is in one currency (pounds) and is one
 * of the plan prices `/api/subscription-plans` serves. Any other currency sign or code on those screens fails the
 * test. The amount is compared by value: the Terms keep the spec's wording "£8.00 per month" (plans-billing §1),
 * every other screen the spec's display rule ("£8/month").
 *
 * Issue 28 added a Monthly/Yearly switch and a £/$ switch to the plans page. The page still opens in pounds, so
 * the only dollar sign allowed anywhere is the switch's own "$ USD" choice (no amount). Besides the monthly plan
 * prices, the yearly view's amounts are plan prices too: the yearly price, its monthly equivalent and the saving,
 * all in pounds and all taken from the shared billing rules (planPrice, yearlySaving). The FAQ's price answer is the
 * one place with dollar amounts: the spec's "$19 per month" professional plan (Pro in US dollars) and its yearly
 * figures, checked against the same rules.
 */
const AMOUNT = /(?:[£$€¥]|\b(?:USD|EUR|GBP)\s?)\d[\d,]*(?:\.\d+)?/g;
const FOREIGN_CURRENCY = /[$€¥]\s?\d|\b(?:USD|EUR|dollars?|euros?)\b/i;

/** The plans page's currency switch: its "$ USD" choice names a currency without showing any amount in it. */
const CURRENCY_SWITCH_TEXT = /£ GBP\s*\$ USD/;

/** Every amount in `text`, after checking it names no currency but pounds. */
function poundAmountsIn(text: string, where: string): string[] {
  expect(text, `a foreign currency on ${where}`).not.toMatch(FOREIGN_CURRENCY);
  return text.match(AMOUNT) ?? [];
}

function expectPoundPlanPrices(prices: string[], where: string, allowed: Set<string>, atLeast: number) {
  expect(prices.length, `prices on ${where}`).toBeGreaterThanOrEqual(atLeast);
  for (const price of prices) {
    expect(price, `${price} on ${where}`).toMatch(/^£/);
    expect(allowed, `${price} on ${where}`).toContain(asPence(price));
  }
}

async function pricesOn(page: Page): Promise<string[]> {
  const text = (await page.locator("body").innerText()).replace(CURRENCY_SWITCH_TEXT, "");
  return poundAmountsIn(text, page.url());
}

async function expectPlanPricesOnly(page: Page, allowed: Set<string>, atLeast = 1): Promise<void> {
  expectPoundPlanPrices(await pricesOn(page), page.url(), allowed, atLeast);
}

const DOLLAR_AMOUNT = /\$\d[\d,]*(?:\.\d+)?/g;
const DOLLARS_NAMED = /\b(?:in )?(?:US )?dollars\b|\bUSD\b/g;

/**
 * The FAQ's price answer also gives the spec's other reading (plans-billing §1/§2, issue 28): the professional
 * plan, Pro, in US dollars with its yearly figures. Those dollar amounts must be Pro's dollar prices from the same
 * rules (the answer's 'USD' keyword tag names the currency); everything else on the page is pounds, as elsewhere.
 */
async function expectFaqPrices(page: Page, allowed: Set<string>, proDollars: Set<string>): Promise<void> {
  const text = await page.locator("body").innerText();
  const dollars = text.match(DOLLAR_AMOUNT) ?? [];
  expect(dollars, "the FAQ's dollar reading").toContain("$19");
  for (const price of dollars) expect(proDollars, `${price} on the FAQ`).toContain(asPence(price));
  const rest = text.replace(DOLLAR_AMOUNT, "").replace(DOLLARS_NAMED, "");
  expectPoundPlanPrices(poundAmountsIn(rest, page.url()), page.url(), allowed, 1);
}

/** The plans page once its cards (served by /api/subscription-plans) are on screen. */
async function openPricing(page: Page): Promise<void> {
  await page.goto("/pricing");
  await expect(page.getByRole("article", { name: "Premium" })).toContainText("£8");
  // Pounds whatever the browser's language; dollars are one switch away, never the default.
  const currency = page.getByRole("group", { name: "Currency" });
  await expect(currency.getByRole("radio")).toHaveCount(2);
  await expect(currency.getByRole("radio", { name: "£ GBP" })).toBeChecked();
}

/** Switches the plans page to yearly billing and checks its amounts: yearly prices, monthly equivalents, savings. */
async function expectYearlyPricesOnly(page: Page, allowed: Set<string>): Promise<void> {
  await page.getByRole("group", { name: "Billing period" }).getByText("Yearly", { exact: true }).click();
  await expect(page.getByRole("article", { name: "Premium" })).toContainText("£80");
  await expectPlanPricesOnly(page, allowed, 3);
}

const asPence = (price: string): string => String(Math.round(Number(price.replace(/[^\d.]/g, "")) * 100));

test("every price the client shows is a plan price in pounds", async ({ page }) => {
  test.slow(); // seven screens, signed out and in
  const plans = (await callApi(page, "GET", "/api/subscription-plans")) as Plan[];
  const paid = plans.filter((plan) => plan.price > 0);
  expect(paid.map((plan) => formatPlanAmount(plan.price))).toEqual(["£4", "£8", "£16"]);
  // Every amount a plan may be shown at (shared/rules/billing): the month, the year (10 months), the year's monthly
  // equivalent, twelve monthly payments and what the year saves.
  const planAmounts = (name: Plan["name"], currency: "gbp" | "usd") => {
    const monthly = planPrice(name, currency, "month");
    const yearly = planPrice(name, currency, "year");
    return [monthly, yearly, Math.round(yearly / 12), monthly * 12, yearlySaving(name, currency)].map(String);
  };
  const allowed = new Set(paid.flatMap((plan) => planAmounts(plan.name, "gbp")));
  const proDollars = new Set(planAmounts("pro", "usd"));
  expect(paid.map((plan) => String(plan.price))).toEqual(
    paid.map((plan) => String(planPrice(plan.name, "gbp", "month"))),
  );

  // Signed out: the plans page (monthly, then yearly), the FAQ's price answer and the Terms' plan list.
  await openPricing(page);
  await expectPlanPricesOnly(page, allowed, 3);
  await expectYearlyPricesOnly(page, allowed);
  await page.goto("/faq");
  await page.locator("summary", { hasText: "How much does Jargon cost?" }).click();
  await expect(page.getByText(/Basic is £4\/month/)).toBeVisible();
  await expectFaqPrices(page, allowed, proDollars);
  await page.goto("/terms");
  await expect(page.getByText(/The Premium plan costs/)).toBeVisible();
  await expectPlanPricesOnly(page, allowed);

  // Signed in on Free at its limit: the subscription modal's upgrade offer (Discover's locked card).
  await signIn(page);
  await subscribeByApi(page, (await topicNamed(page, "vocabulary")).id);
  await page.goto("/discover");
  await page.getByRole("button", { name: "Gaming: upgrade to add more" }).click();
  await expect(page.getByTestId("plan-limit-offer")).toContainText("£16");
  await expectPlanPricesOnly(page, allowed, 3);
  await page.keyboard.press("Escape");

  // The trial modal, the Plan tab and the checkout view.
  await page.goto("/");
  await page
    .getByRole("region", { name: "Free trial offer" })
    .getByRole("button", { name: "Start Free Trial" })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectPlanPricesOnly(page, allowed, 0);
  await page.keyboard.press("Escape");

  await page.goto("/settings?tab=plan");
  await expect(page.getByRole("tabpanel")).toBeVisible();
  await expectPlanPricesOnly(page, allowed, 0);

  await openPricing(page);
  await expectPlanPricesOnly(page, allowed, 3);
  await page
    .getByRole("article", { name: "Premium" })
    .getByRole("button", { name: /Upgrade Now|Buy Now/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Complete Your Purchase" })).toBeVisible();
  await expect(page.getByText("£8").first()).toBeVisible();
  await expectPlanPricesOnly(page, allowed);
  expect((await pricesOn(page)).map(asPence)).toContain("800");
});
