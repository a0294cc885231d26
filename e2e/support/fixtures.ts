import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Locator, type Page } from "@playwright/test";
import type { Theme } from "@shared/constants";

export { expect };

export interface TestUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

export interface SignInOptions {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  /** False: a new user meets the first-session flow after sign-in (by default it is already done). */
  onboarded?: boolean;
  /**
   * The member's saved zone, as the app saves it from the browser on a first visit: a member's screens then come
   * drawn by the server. By default none yet (the first page is drawn by the browser, which then sends its zone).
   */
  timeZone?: string;
}

/** The address ADMIN_EMAILS names in playwright.config.ts. */
export const ADMIN_EMAIL = "admin@jargon.test";
/** The server playwright.config.ts starts (the runner hands its port to the workers). */
export const APP_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT}`;
/** SUPPORT_EMAIL in playwright.config.ts. */
export const SUPPORT_EMAIL = "help@jargon.test";

let counter = 0;
/** A fresh address per call: tests share one server and never share a user. */
export function uniqueEmail(prefix = "learner"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@jargon.test`;
}

/**
 * Waits until the open dialog has taken the focus. Radix moves focus in, and starts listening for Escape, in effects
 * that run after the dialog's first paint: a key pressed as soon as it shows can land before them on a loaded machine.
 */
export async function expectDialogFocused(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))))
    .toBe(true);
}

/** Signs the page's browser context in through the test-only route (the session cookie lands in it). */
export async function signIn(page: Page, options: SignInOptions = {}): Promise<TestUser> {
  const { timeZone, ...account } = options;
  const response = await page.request.post("/api/test/login", {
    data: { firstName: "ada", ...account, email: account.email ?? uniqueEmail() },
    headers: { origin: APP_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
  const user = (await response.json()) as TestUser;
  if (timeZone) {
    const saved = await page.request.post("/api/auth/time-zone", {
      data: { timeZone },
      headers: { origin: APP_ORIGIN },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
  }
  return user;
}

/** Calls the app's API from the page's browser context (its cookies, the app's origin); it must succeed. */
export async function callApi(
  page: Page,
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  data?: unknown,
) {
  const response = await page.request.fetch(url, {
    method,
    headers: { origin: APP_ORIGIN },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/**
 * The toast on screen (one at a time) whose text contains `title`: the toast itself, in the "Notifications" region,
 * not Radix's screen-reader announcement (role status), which is removed after one second. `includeHidden` because an
 * open modal dialog marks the rest of the page aria-hidden while the toast is still plainly visible.
 */
export function toastTitled(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .getByRole("listitem", { includeHidden: true })
    .filter({ hasText: title });
}

/** Makes every page load of this context start with the given saved theme (before any script runs). */
export async function startWithTheme(page: Page, theme: Theme | string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
}

/**
 * Fails on any serious or critical axe violation, listing each with the elements concerned.
 *
 * Two settings make a pass about a third of its default cost without changing what it finds (docs/testing.md):
 * legacy mode runs axe in the page itself, where the default opens a blank page per pass to merge the results of
 * frames (the app has no frames); and only violations are collected (axe otherwise builds a selector for every node
 * that passed, which nothing here reads).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const atRest = await holdAnimationsAtRest(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze()
    .finally(() => atRest.evaluate((style) => (style as HTMLStyleElement).remove()));
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(" ")}: ${n.failureSummary}`).join("\n")}`,
  );
  expect(report, `axe on ${page.url()}`).toEqual([]);
}

/**
 * axe reads computed colours, so a toast fading in or out during the pass read as grey text on white (a toast's
 * 5 s timer can end in the middle of a pass). The pass checks the screen at rest: running animations jump to their
 * end, and any that starts during the pass (a toast's timed exit) holds its first frame until the style returned
 * here is removed. Endless ones (a loading skeleton's pulse) are only held.
 */
async function holdAnimationsAtRest(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
  return page.addStyleTag({
    content: "*, *::before, *::after { animation-play-state: paused !important; }",
  });
}

/**
 * The themes a flow with review screenshots walks: light only, its axe passes covering dark too
 * (expectAccessibleInBothThemes); both under SHOTS=1, for a screenshot of each.
 */
export const SHOT_THEMES: readonly Theme[] = process.env.SHOTS ? ["light", "dark"] : ["light"];

/**
 * The axe pass in light and then in dark on the same screen and state, back in light afterwards: a flow is walked
 * once and its screens are still checked in both themes. The theme changes the way another tab's choice does (the
 * app's `storage` listener in lib/theme-store.ts), and axe runs with the colour transitions at their end, since it
 * reads computed colours.
 */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  // The dark pass used to be a test copy of its own with its own time. One pass over /discover took 25 s under a
  // load of 16 (traced), so each call gives the test a minute more.
  base.info().setTimeout(base.info().timeout + 60_000);
  const shown = await page.evaluate(() =>
    document.documentElement.classList.contains("dark") ? ("dark" as const) : ("light" as const),
  );
  for (const theme of ["light", "dark"] as const) {
    await showTheme(page, theme);
    await expectAccessible(page);
  }
  // Back to the theme the page showed: a screenshot taken next is of the theme its test set (a "dark" screenshot
  // of the dashboard was light).
  await showTheme(page, shown);
}

async function showTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem("theme", value);
    window.dispatchEvent(new StorageEvent("storage", { key: "theme", newValue: value }));
  }, theme);
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  // Jump the colour transitions the switch started to their end (getAnimations flushes styles, so it sees them):
  // waiting for them to finish hung a test under load.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSTransition) animation.finish();
    }
  });
}

/**
 * A page whose screen the server drew takes no taps, keys or focus until the app has taken the drawing over
 * (docs/client.md, "The member's screen drawn on the server"). A person's tap in that second is not lost (the next
 * one lands); a test's focus() or key press is. So page.goto and page.reload wait for the takeover, unless asked to
 * return at the first byte (`waitUntil: "commit"`, for a test of the drawing itself).
 */
async function waitForTakeover(page: Page): Promise<void> {
  await page.locator("#takeover-shield").waitFor({ state: "detached" });
}

export const test = base.extend<{
  /** A page already signed in as a fresh free-plan user, opened on the dashboard. */
  memberPage: Page;
  member: TestUser;
}>({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== "commit") await waitForTakeover(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== "commit") await waitForTakeover(page);
      return response;
    };
    await provide(page);
  },
  member: async ({ page }, provide) => {
    await provide(await signIn(page));
  },
  memberPage: async ({ page, member: _member }, provide) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
    await provide(page);
  },
});
