import type { Page } from "@playwright/test";
import { APP_ORIGIN, expect, signIn, startWithTheme, test } from "./support/fixtures";

const html = (page: Page) => page.locator("html");
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem("theme"));
const serverTheme = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch("/api/preferences")).json()) as { theme: string | null }).theme,
  );
/** The nav's theme control: on a phone the signed-in one lives in the hamburger menu. */
async function themeControl(page: Page, isMobile: boolean, signedIn: boolean) {
  if (isMobile && signedIn) {
    await page.getByRole("button", { name: "Open menu" }).click();
    return page.getByRole("dialog").getByRole("radiogroup", { name: "Theme" });
  }
  return page.getByRole("banner").getByRole("radiogroup", { name: "Theme" });
}

test.describe("theme", () => {
  test("light by default; choosing dark applies at once and survives a reload", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/");
    await expect(html(page)).not.toHaveClass(/dark/);
    const control = await themeControl(page, isMobile, false);
    await expect(control.getByRole("radio", { name: "Light" })).toBeChecked();

    await control.getByText("Dark").click({ force: true });
    await expect(html(page)).toHaveClass(/dark/);
    expect(await storedTheme(page)).toBe("dark");

    await page.reload();
    await expect(html(page)).toHaveClass(/dark/);
    await expect(
      (await themeControl(page, isMobile, false)).getByRole("radio", { name: "Dark" }),
    ).toBeChecked();
  });

  test(
    "the saved theme is on the page before any app code runs (no flash)",
    { tag: "@desktop" },
    async ({ page }) => {
      await startWithTheme(page, "dark");
      // Block the app bundle: only public/theme-init.js can have set the class.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto("/");
      await expect(html(page)).toHaveClass(/dark/);
      expect(await html(page).evaluate((element) => getComputedStyle(element).colorScheme)).toBe("dark");
    },
  );

  test("a missing or invalid saved value falls back to light", { tag: "@desktop" }, async ({ page }) => {
    await startWithTheme(page, "purple");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(html(page)).not.toHaveClass(/dark/);
    await expect(page.getByRole("banner").getByRole("radio", { name: "Light" })).toBeChecked();
  });

  test("system follows the operating system, and its changes", { tag: "@desktop" }, async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    const control = page.getByRole("banner").getByRole("radiogroup", { name: "Theme" });
    await control.getByText("System").click({ force: true });
    await expect(html(page)).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html(page)).toHaveClass(/dark/);
    expect(await storedTheme(page)).toBe("system");
  });

  test("signed in, the choice is saved to the server too", async ({ memberPage: page, isMobile }) => {
    expect(await serverTheme(page)).toBeNull();
    const control = await themeControl(page, isMobile, true);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/preferences") && r.request().method() === "PUT",
    );
    await control.getByText("Dark").click({ force: true });
    expect((await saved).status()).toBe(200);
    await expect(html(page)).toHaveClass(/dark/);
    expect(await serverTheme(page)).toBe("dark");
  });

  test(
    "on sign-in the server's theme wins over the local one",
    { tag: "@desktop" },
    async ({ page, context }) => {
      // A user who chose dark on another device...
      const user = await signIn(page);
      const response = await page.request.put("/api/preferences", {
        data: { theme: "dark" },
        headers: { origin: APP_ORIGIN },
      });
      expect(response.status()).toBe(200);
      await context.clearCookies();

      // ...has light saved on this one...
      await startWithTheme(page, "light");
      await page.goto("/");
      await expect(html(page)).not.toHaveClass(/dark/);

      // ...and signs in here: dark it is, and it is remembered locally.
      await signIn(page, { email: user.email });
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
      await expect(html(page)).toHaveClass(/dark/);
      expect(await storedTheme(page)).toBe("dark");
    },
  );

  test(
    "a server that never saved a theme leaves the local choice alone",
    { tag: "@desktop" },
    async ({ page }) => {
      await startWithTheme(page, "dark");
      await signIn(page);
      // The page carries the member's preferences (e2e/first-answers.spec.ts): the dashboard draws with them known.
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
      await expect(html(page)).toHaveClass(/dark/);
      expect(await serverTheme(page)).toBeNull();
    },
  );
});
