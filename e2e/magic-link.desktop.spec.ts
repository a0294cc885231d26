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
  await expect(page.getByRole("status")).toContainText(email);
  await expect(page).toHaveURL(/\/api\/login\?sent=1$/);

  await page.getByRole("link", { name: "local mailbox" }).click();
  await expect(page).toHaveURL(/\/dev\/mailbox$/);
  await page.getByRole("link", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) }).click();
  await expect(page.getByRole("heading", { name: "Your Jargon sign-in link" })).toBeVisible();
  const text = (await page.locator("details pre").textContent()) ?? "";
  const link = /https?:\/\/\S+\/api\/login\/email\/verify\?token=[\w%-]+/.exec(text)?.[0];
  expect(link, "the e-mail carries a sign-in link").toBeTruthy();

  // The link opens a page whose button signs in: a mail scanner's GET spends nothing.
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Sign in to Jargon" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
  const user = await page.evaluate(async () => (await fetch("/api/auth/user")).json());
  // The sign-in form sent the browser's zone along.
  expect(user).toMatchObject({ email, timeZone: "Asia/Tokyo" });

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Speak the language of experts" })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch("/api/auth/user")).status)).toBe(401);
});
