import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./support/fixtures";

// The real sign-in, end to end: login page, e-mail in the local mailbox, link, signed-in app, logout.
test.use({ timezoneId: "Asia/Tokyo" });

test("signing in with an e-mail link and signing out again", async ({ page }) => {
  const email = uniqueEmail("magic");
  await page.goto("/");
  await page.getByRole("link", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/api\/login$/);

  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  // The page names the address masked: it comes from a cookie, which holds no full address (issue 24).
  await expect(page.getByRole("status")).toContainText(`${email[0]}…@jargon.test`);
  await expect(page).toHaveURL(/\/api\/login\?sent=1$/);

  await page.getByRole("link", { name: "local mailbox" }).click();
  await expect(page).toHaveURL(/\/dev\/mailbox$/);
  await page.getByRole("link", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) }).click();
  await expect(page.getByRole("heading", { name: "Your Jargon sign-in link" })).toBeVisible();
  const text = (await page.locator("details pre").textContent()) ?? "";
  const link = /https?:\/\/\S+\/api\/login\/email\/verify\?token=[\w%-]+/.exec(text)?.[0];
  expect(link, "the e-mail carries a sign-in link").toBeTruthy();

  // The link opens a page whose button signs in: a mail scanner's GET spends nothing. The address is new, so the
  // page offers to create the account; the first session then starts with its short flow, which can be skipped.
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Welcome to Jargon" })).toBeVisible();
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "What do you want to learn?" })).toBeVisible();
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
  const user = await page.evaluate(async () => (await fetch("/api/auth/user")).json());
  // The sign-in form sent the browser's zone along.
  expect(user).toMatchObject({ email, timeZone: "Asia/Tokyo" });

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Speak the language of experts" })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch("/api/auth/user")).status)).toBe(401);

  // Signing in again: the account exists, so the link's page just signs in, and the skipped flow stays skipped.
  await page.goto("/api/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await page.goto(await newestSignInLink(page, email, link!));
  await expect(page.getByRole("heading", { name: "Sign in to Jargon" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
});

/** The sign-in link of the newest message to `email` in the local mailbox, once it is not `previous`. */
async function newestSignInLink(page: Page, email: string, previous: string): Promise<string> {
  let link = previous;
  await expect(async () => {
    const messages = (await (await page.request.get("/api/dev/mailbox")).json()) as {
      to: string;
      text: string;
    }[];
    const text = messages.find((message) => message.to === email)?.text ?? "";
    link = /https?:\/\/\S+\/api\/login\/email\/verify\?token=[\w%-]+/.exec(text)?.[0] ?? previous;
    expect(link).not.toBe(previous);
  }).toPass();
  return link;
}
