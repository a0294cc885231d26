import type { Page } from "@playwright/test";
import { FIRST_ANSWERS_FRESH_MS, firstReadsOf } from "@shared/api/first-reads-values";
import { deliverWordsToday, MIDDAY_ZONE } from "./support/deliveries";
import { expect, signIn, test } from "./support/fixtures";
import { BUDGETED_SCREENS } from "./support/navigation";

/*
 * Issue 25: a member's page carries the answers of its screen's first reads (src/shared/api/first-reads-values.ts),
 * so the screen draws its data without a round trip after the script. Each screen must then ask the network for
 * none of them, and use every one (an unused answer is a read the list names but the screen no longer makes: the
 * client warns about it once the answers are no longer fresh).
 */
test.use({ timezoneId: MIDDAY_ZONE });

/** The six budgeted screens and Discover: every screen whose own first reads the page answers. */
const SCREENS = [...BUDGETED_SCREENS, { path: "/discover", heading: "Discover" }] as const;

/** The API reads the page sends over the network, and the warnings its console prints. */
function watch(page: Page): { reads: string[]; warnings: string[] } {
  const seen = { reads: [] as string[], warnings: [] as string[] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "GET" && url.pathname.startsWith("/api/"))
      seen.reads.push(url.pathname + url.search);
  });
  page.on("console", (message) => {
    if (message.type() === "warning") seen.warnings.push(message.text());
  });
  return seen;
}

for (const screen of SCREENS) {
  test(`${screen.path} draws from the answers in its page and uses each of them`, async ({ page }) => {
    await signIn(page);
    await deliverWordsToday(page, 1);
    await page.clock.install();
    const seen = watch(page);
    await page.goto(screen.path);
    await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
    await expect(page.getByRole("main").locator('[aria-busy="true"]')).toHaveCount(0);
    const answeredInPage = firstReadsOf(screen.path, false);
    expect(seen.reads.filter((read) => answeredInPage.includes(read))).toEqual([]);
    // Past their freshness the client says which answers no read took.
    await page.clock.fastForward(FIRST_ANSWERS_FRESH_MS);
    expect(seen.warnings.filter((warning) => warning.startsWith("The page answered reads"))).toEqual([]);
  });
}

test("/review with nothing due tells when the next review is from its page too, and reads nothing", async ({
  page,
}) => {
  await signIn(page);
  await page.clock.install();
  const seen = watch(page);
  await page.goto("/review");
  await expect(page.getByRole("heading", { name: "Nothing to review" })).toBeVisible();
  await expect(page.getByText("You're up to date.")).toBeVisible();
  expect(seen.reads).toEqual([]);
  await page.clock.fastForward(FIRST_ANSWERS_FRESH_MS);
  expect(seen.warnings.filter((warning) => warning.startsWith("The page answered reads"))).toEqual([]);
});

test("answers older than their freshness are not used: the screen asks the network", async ({ page }) => {
  await signIn(page);
  await page.clock.install();
  // The app's script arrives only after the page's answers have gone stale (a very slow phone).
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const seen = watch(page);
  await page.goto("/favorites", { waitUntil: "commit" });
  await page.clock.fastForward(FIRST_ANSWERS_FRESH_MS + 1_000);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  await expect.poll(() => seen.reads).toEqual(expect.arrayContaining(["/api/auth/user", "/api/favorites"]));
});
