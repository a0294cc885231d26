import { expect, test } from "./support/fixtures";
import { layoutShifts, recordLayoutShifts } from "./support/layout-shift";

const LOGIN_CALLS_TO_ACTION = [
  "Log in",
  "Start Learning",
  "Begin Your Expertise Journey",
  "Start Your Transformation",
];

test.describe("landing page", () => {
  test(
    "tells a visitor what Jargon is, with every part the spec lists",
    { tag: "@desktop" },
    async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Speak the language of experts");
      await expect(page).toHaveTitle("Expert vocabulary, delivered · Jargon");

      const domains = page.getByRole("region", { name: "Master the vocabulary of your field" });
      for (const domain of ["Finance", "Politics", "Sports", "Religion", "Philosophy"]) {
        await expect(domains.getByRole("heading", { level: 3, name: domain })).toBeVisible();
      }
      for (const feature of [
        "Expert-Level Knowledge",
        "Personalized Learning Path",
        "Multi-Platform Access",
      ]) {
        await expect(page.getByRole("heading", { level: 3, name: feature })).toBeVisible();
      }
      await expect(
        page.getByRole("region", { name: "What learners say" }).getByRole("blockquote"),
      ).toBeVisible();
      await expect(page.getByText("No credit card required").first()).toBeVisible();
      await expect(page.getByText("Rated 4.9 by 10k+ domain experts")).toBeVisible();
      await expect(
        page.getByText("by email, in the app and on mobile", { exact: false }).first(),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Daily boost" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Weekly deep dives" })).toBeVisible();
    },
  );

  test("every login button navigates the whole page to /api/login", async ({ page }) => {
    await page.goto("/");
    const loginLinks = page.locator('a[href="/api/login"]');
    await expect(loginLinks).toHaveCount(LOGIN_CALLS_TO_ACTION.length);
    for (const name of LOGIN_CALLS_TO_ACTION) {
      await page.goto("/");
      await page.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(/\/api\/login$/);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    }
  });

  test("loads none of the signed-in app's code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // Prerendered: the public pages' own small script, no React and no app entry.
    expect(scripts.some((path) => path.includes("public-site"))).toBe(true);
    const memberCode = scripts.filter((path) =>
      /\/assets\/index-|app-shell|dashboard-page|discover-page|settings-page/.test(path),
    );
    expect(memberCode).toEqual([]);
  });

  test("fits the screen without sideways scrolling", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("does not shift while it loads", async ({ page }) => {
    await recordLayoutShifts(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const { total: shift } = await layoutShifts(page);
    // "Good" cumulative layout shift is under 0.1; a page with no late-arriving content should be near 0.
    expect(shift).toBeLessThan(0.01);
  });
});
