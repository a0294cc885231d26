import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, startWithTheme, test } from "./support/fixtures";

const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

/** The newest sign-in link the local mailbox holds for this address (the e-mail sign-in's only way in). */
async function signInLinkFor(page: Page, email: string): Promise<string> {
  const messages = (await (await page.request.get("/api/dev/mailbox")).json()) as {
    to: string;
    text: string;
  }[];
  const text = messages.find((message) => message.to === email)?.text ?? "";
  const link = text.match(/https?:\/\/\S+\/api\/login\/email\/verify\?token=[\w%-]+/)?.[0];
  if (!link) throw new Error(`no sign-in link for ${email}`);
  return new URL(link).pathname + new URL(link).search;
}

// Per theme, not expectAccessibleInBothThemes: the first-name page is the server's sign-in page, which applies the
// saved theme when it loads and has no app to follow a change made on it.
for (const theme of ["light", "dark"] as const) {
  test(`a first e-mail sign-in asks for an optional first name, which the header and Profile then show (${theme})`, async ({
    page,
  }, testInfo) => {
    test.slow(); // a whole sign-in through the mailbox, then two app pages
    await startWithTheme(page, theme);
    const email = `newcomer-${testInfo.project.name}-${theme}-${Date.now()}@example.com`;
    await page.goto("/api/login");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

    await page.goto(await signInLinkFor(page, email));
    await expect(page.getByRole("heading", { name: "Welcome to Jargon" })).toBeVisible();
    const firstName = page.getByLabel("First name (optional)");
    await expect(firstName).toBeVisible();
    await expectAccessible(page);
    if (process.env.SHOTS) {
      mkdirSync(DIR, { recursive: true });
      await page.screenshot({ path: `${DIR}/${testInfo.project.name}-${theme}-sign-in-name.png` });
    }
    await firstName.fill("Margaret");
    await page.getByRole("button", { name: "Create account and sign in" }).click();
    // A new account starts with the first-session flow, under the same header.
    await expect(page.getByRole("heading", { level: 1, name: "What do you want to learn?" })).toBeVisible();
    if (!testInfo.project.name.includes("mobile")) {
      await expect(page.getByRole("button", { name: "Account menu for Margaret" })).toBeVisible();
    }
    await page.goto("/settings");
    await expect(page.getByLabel("First Name")).toHaveValue("Margaret");
    await expect(page.getByLabel("First Name")).toHaveAttribute("readonly", "");
  });
}

// Desktop only: the account menu's name shows in the desktop header.
test(
  "without a first name the header shows the part of the address before the @",
  { tag: "@desktop" },
  async ({ page }) => {
    const email = `lin.wong-${Date.now()}@example.com`;
    await page.goto("/api/login");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.goto(await signInLinkFor(page, email));
    await page.getByRole("button", { name: "Create account and sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "What do you want to learn?" })).toBeVisible();
    await expect(
      page.getByRole("button", { name: `Account menu for ${email.split("@")[0]!.replace(/^l/, "L")}` }),
    ).toBeVisible();
  },
);
