import type { Page, TestInfo } from "@playwright/test";
import type { User } from "@shared/api/auth";
import type { Subscription } from "@shared/api/subscriptions";
import { APP_ORIGIN, callApi, expect } from "./fixtures";
import { listSubscriptionsByApi, listTopics, subscribeInAppByApi } from "./subscriptions";

/*
 * Billing scenes for browser tests, all through public routes and the sandbox provider: the screens under test
 * still do the clicking. Time moves only for the signed-in user (POST /api/test/billing/run).
 */

const headers = { origin: APP_ORIGIN };

export const CARDS = {
  visa: "4242 4242 4242 4242",
  mastercard: "5555 5555 5555 4444",
  declined: "4000 0000 0000 0002",
  failsOnRenewal: "4000 0000 0000 0341",
} as const;

/**
 * A trial is allowed once per card (fingerprint) on the whole server, and the desktop and mobile projects
 * share one server: each project brings its own succeeding card.
 */
export const trialCardFor = (testInfo: TestInfo) =>
  testInfo.project.name === "mobile" ? CARDS.mastercard : CARDS.visa;

/** Types a card into the sandbox's own test-mode form inside `scope` (a dialog or the checkout card). */
export async function fillSandboxCard(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
}

export async function currentUser(page: Page): Promise<User> {
  const response = await page.request.get("/api/auth/user");
  expect(response.status()).toBe(200);
  return (await response.json()) as User;
}

/** Runs the billing sweep for this user as if the clock read `at` (default: just after their next billing date). */
export async function runBilling(page: Page, at?: Date): Promise<void> {
  const response = await page.request.post("/api/test/billing/run", {
    headers,
    data: at ? { at: at.toISOString() } : {},
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function mailSubjectsTo(page: Page, email: string): Promise<string[]> {
  const response = await page.request.get("/api/dev/mailbox");
  expect(response.status()).toBe(200);
  const messages = (await response.json()) as Array<{ to: string; subject: string }>;
  return messages.filter((message) => message.to === email).map((message) => message.subject);
}

/** Daily in-app subscriptions to the first `count` topics, made through the public API. */
export async function subscribeToTopics(page: Page, count: number): Promise<Subscription[]> {
  const topics = await listTopics(page);
  const made: Subscription[] = [];
  for (const topic of topics.slice(0, count)) {
    made.push(await subscribeInAppByApi(page, topic.id));
  }
  return made;
}

export const subscriptionsOf = listSubscriptionsByApi;

/** A paid plan bought through the sandbox provider's public routes (the Plans page has its own tests). */
export async function buyByApi(page: Page, planName: "basic" | "pro", cardNumber: string = CARDS.visa) {
  const { clientSecret, paymentIntentId } = await callApi(page, "POST", "/api/create-payment-intent", {
    planName,
  });
  await callApi(page, "POST", "/api/sandbox/confirm", {
    clientSecret,
    cardNumber: cardNumber.replaceAll(" ", ""),
    expMonth: 12,
    expYear: 2034,
    cvc: "123",
  });
  await callApi(page, "POST", "/api/complete-subscription", { setupIntentId: paymentIntentId });
}

/**
 * A Premium trial started through the sandbox provider's public routes. A trial is allowed once per card on the
 * whole server, so each caller brings a succeeding test card no other test uses.
 */
export async function startTrialByApi(page: Page, cardNumber: string) {
  const { clientSecret, setupIntentId } = await callApi(page, "POST", "/api/start-trial", {
    trialPlan: "premium",
  });
  await callApi(page, "POST", "/api/sandbox/confirm", {
    clientSecret,
    cardNumber: cardNumber.replaceAll(" ", ""),
    expMonth: 12,
    expYear: 2034,
    cvc: "1234",
  });
  await callApi(page, "POST", "/api/confirm-trial", { setupIntentId });
}

/** Buys a plan through the Plans page and the checkout view, ending on the purchase-success page. */
export async function buyPlan(page: Page, planDisplayName: string, cardNumber: string = CARDS.visa) {
  await page.goto("/pricing");
  await page
    .getByRole("article", { name: planDisplayName })
    .getByRole("button", { name: /Upgrade Now|Buy Now/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Complete Your Purchase" })).toBeVisible();
  await fillSandboxCard(page, cardNumber);
  await page.getByRole("button", { name: "Confirm Payment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Purchase Successful" })).toBeVisible();
}

/**
 * Issue 17: a trialing user is shown on Premium (trial) everywhere: the header chip, the navigation (no
 * 'Upgrade'), the dashboard's one-line notice, and the plans page's cards. Call it while the trial is active.
 */
export async function expectShownAsTrialing(page: Page): Promise<void> {
  await page.goto("/");
  const chip = page.getByTestId("trial-chip");
  await expect(chip).toBeVisible();
  await expect(chip).toContainText(/\d+ days? left/);
  await expect(page.getByTestId("trial-notice")).toContainText("You're on Premium (trial)");
  await expect(page.getByTestId("trial-notice")).toContainText(
    "When the trial ends, your saved card is charged £8/month",
  );
  await expect(page.getByRole("link", { name: "Upgrade", exact: true })).toHaveCount(0);
  await page.goto("/pricing");
  const premium = page.getByRole("article", { name: "Premium" });
  await expect(premium).toContainText("Your plan · trial");
  await expect(premium.getByRole("button", { name: /^Current plan · trial, \d+ days? left$/ })).toBeVisible();
  await expect(
    page.getByRole("article", { name: "Free" }).getByRole("button", { name: "Switch to Free" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Current Plan", exact: true })).toHaveCount(0);
}
