import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { MAX_PUBLIC_PAGE_JS_GZIP_BYTES } from "../src/shared/constants";
import type { PublicPagePath } from "../src/shared/rules/public-pages";
import { SUPPORT_EMAIL, expect, expectAccessible, signIn, startWithTheme, test } from "./support/fixtures";

/** Every prerendered public page and its one <h1>. */
const PAGES: [path: PublicPagePath, heading: string][] = [
  ["/", "Speak the language of experts"],
  ["/topics", "Explore Topics"],
  ["/how-it-works", "How Jargon Works"],
  ["/testimonials", "Success Stories"],
  ["/faq", "Frequently Asked Questions"],
  ["/about", "About Jargon"],
  ["/terms", "Terms of Service"],
];

/** The signed-in app's code: its entry (index-*.js), its layout and its screens. */
const APP_CODE =
  /\/assets\/(index|app-shell|dashboard-page|discover-page|settings-page|subscriptions-page|history-page|favorites-page|admin-page|pricing-page)-/;

/** Every script the page downloads, with its gzipped size (what a browser that accepts gzip receives). */
async function scriptsOf(page: Page, path: string): Promise<{ url: string; gzipBytes: number }[]> {
  const scripts: Promise<{ url: string; gzipBytes: number }>[] = [];
  const collect = (response: import("@playwright/test").Response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response
        .body()
        .then((body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body).length })),
    );
  };
  page.on("response", collect);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("response", collect);
  return Promise.all(scripts);
}

test.describe("prerendered public pages", () => {
  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("every public page shows its content", { tag: "@desktop" }, async ({ page }) => {
      for (const [path, heading] of PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(
          page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }),
        ).toBeVisible();
      }
      // Answers are in the page, one open at a time, with no script.
      await page.goto("/faq");
      const question = page.locator("summary", { hasText: "What is Jargon?" });
      await question.click();
      await expect(page.locator("details[open]")).toHaveCount(1);
      await page.locator("summary", { hasText: "How do I create an account?" }).click();
      await expect(page.locator("details[open]")).toHaveCount(1);
      await expect(page.locator("details[open] summary")).toHaveText("How do I create an account?");
      // The server fills in its support address and the library's credits.
      await page.goto("/terms");
      await expect(page.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
        "href",
        `mailto:${SUPPORT_EMAIL}`,
      );
      await page.goto("/about");
      await expect(page.getByText("CMU Pronouncing Dictionary", { exact: false }).first()).toBeVisible();
      // Sign-in calls to action are plain links.
      await page.goto("/");
      await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toHaveAttribute(
        "href",
        "/api/login",
      );
    });
  });

  test("each page downloads at most 50 KB of gzipped script and none of the signed-in app", async ({
    page,
  }) => {
    for (const [path] of PAGES) {
      const scripts = await scriptsOf(page, path);
      const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
      expect(total, `${path}: ${scripts.map((s) => s.url).join(", ")}`).toBeLessThanOrEqual(
        MAX_PUBLIC_PAGE_JS_GZIP_BYTES,
      );
      expect(scripts.filter((script) => APP_CODE.test(script.url))).toEqual([]);
    }
  });

  test("/topics fills in live sample words, and the theme switcher works without the app", async ({
    page,
  }) => {
    await startWithTheme(page, "dark");
    await page.goto("/topics");
    await expect(page.locator("html")).toHaveClass(/dark/);
    const finance = page.getByRole("article", { name: "Finance" });
    await expect(
      finance.getByRole("list", { name: "Sample Finance terms" }).getByRole("listitem"),
    ).toHaveCount(3);
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
    await page.getByRole("radiogroup", { name: "Theme" }).getByText("Light").click({ force: true });
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await expectAccessible(page);
  });

  test(
    "/topics offers Try again when the samples cannot be loaded",
    { tag: "@desktop" },
    async ({ page }) => {
      let failures = 1;
      await page.route("**/api/topics/samples", (route) =>
        failures-- > 0 ? route.abort() : route.fallback(),
      );
      await page.goto("/topics");
      await expect(page.getByRole("alert")).toContainText("We couldn't load the sample terms.");
      await page.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByRole("article", { name: "Legal" })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
    },
  );

  // The menu is for narrow screens.
  test("the mobile menu closes on Escape", { tag: "@mobile" }, async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("banner").getByLabel("Open menu").click();
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();
  });

  test("a signed-in member gets the app: the dashboard at / and the app's header on public pages", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
    const html = await (await page.request.get("/faq")).text();
    expect(html).not.toContain("/assets/public-site-");
    expect(html).toContain('<div id="root"></div>');
  });

  test(
    "/terms?from=… is the app's page, whose back button knows where the visitor came from",
    { tag: "@desktop" },
    async ({ page }) => {
      const html = await (await page.request.get("/terms?from=trial")).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain("<title>Terms of Service · Jargon</title>");
    },
  );
});
