import type { Page } from "@playwright/test";
import { MIDDAY_ZONE, useTimeZone } from "./support/deliveries";
import {
  callApi,
  expect,
  expectAccessibleInBothThemes,
  SHOT_THEMES,
  signIn,
  startWithTheme,
  test,
} from "./support/fixtures";

/* Issue 17: the first session ends with a word on the dashboard and in the mailbox; the e-mail's save link works. */
test.use({ timezoneId: MIDDAY_ZONE });

const SHOTS = process.env.SHOTS === "1";
const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";
async function shoot(page: Page, name: string, project: string, theme: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${DIR}/onboarding-${name}-${project}-${theme}.png`, fullPage: true });
}

for (const theme of SHOT_THEMES) {
  test(`a new user picks a topic and gets the first word at once, by e-mail too (${theme})`, async ({
    page,
  }, testInfo) => {
    test.slow(); // two screens with axe, a delivery, the mailbox and the save link: 30-40 s under CI load
    const project = testInfo.project.name;
    await startWithTheme(page, theme);
    const user = await signIn(page, { onboarded: false });
    await useTimeZone(page);
    await page.goto("/");

    await expect(page.getByRole("heading", { name: "What do you want to learn?" })).toBeVisible();
    // The Free plan's limit is shown before any choice.
    await expect(page.getByText("Your Free plan includes 1 topic")).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await shoot(page, "topics", project, theme);
    await page
      .getByRole("radio", { name: /Finance/ })
      .first()
      .check({ force: true });
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "How should your words arrive?" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await shoot(page, "settings", project, theme);
    await page.getByRole("button", { name: "Send my first word" }).click();

    await expect(page.getByRole("heading", { name: "Learning Dashboard" })).toBeVisible();
    await expect(page.getByText("No content delivered today")).toHaveCount(0);
    // Day one has a word, and no "0%": no review has fallen due, so the rate has nothing to measure yet.
    await expect(page.getByText("Shown from your first scheduled review")).toBeVisible();
    await expect(page.getByText("0%")).toHaveCount(0);
    await shoot(page, "dashboard", project, theme);

    // The word e-mail, with its save link: the GET shows a button; the button saves.
    const mailbox = (await (await page.request.get("/api/dev/mailbox")).json()) as Array<{
      to: string;
      subject: string;
      html: string;
    }>;
    const mail = mailbox.find((message) => message.to === user.email);
    expect(mail?.subject).toMatch(/^[A-Z].* · your Finance word$/);
    await page.setContent(mail!.html);
    await expect(page.getByRole("img", { name: "Jargon logo" })).toBeAttached();
    await shoot(page, "email", project, theme);
    const saveHref = await page.getByRole("link", { name: /Save to favorites/ }).getAttribute("href");
    expect(saveHref).toMatch(/\/api\/save\?token=/);
    await page.goto(saveHref!);
    expect(await callApi(page, "GET", "/api/favorites")).toHaveLength(0);
    await page.getByRole("button", { name: "Save to favorites" }).click();
    await expect(page.getByRole("heading", { name: "Saved to your favorites" })).toBeVisible();
    expect(await callApi(page, "GET", "/api/favorites")).toHaveLength(1);

    // Done once: the dashboard stays the dashboard.
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Learning Dashboard" })).toBeVisible();
  });
}

test(
  "skipping the flow shows the dashboard with — for figures that have nothing to measure",
  { tag: "@desktop" },
  async ({ page }) => {
    await signIn(page, { onboarded: false });
    await page.goto("/");
    await page.getByRole("button", { name: "Skip for now" }).click();
    await expect(page.getByRole("heading", { name: "Learning Dashboard" })).toBeVisible();
    await expect(page.getByText("Shown from your first scheduled review")).toBeVisible();
    await expect(page.getByText("0%")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Learning Dashboard" })).toBeVisible();
  },
);

test("an admin sees the Operations tab", { tag: "@desktop" }, async ({ page }) => {
  await signIn(page, { email: "admin@jargon.test" });
  await page.goto("/admin?tab=operations");
  await expect(page.getByRole("heading", { name: "Operations" })).toBeVisible();
  await expect(page.getByText("Active trials")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sends in the last 24 hours" })).toBeVisible();
});
