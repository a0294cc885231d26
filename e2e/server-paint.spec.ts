import type { Page } from "@playwright/test";
import { deliverWordsToday, MIDDAY_ZONE } from "./support/deliveries";
import { expect, signIn, test } from "./support/fixtures";
import { layoutShifts, recordLayoutShifts } from "./support/layout-shift";
import { BUDGETED_SCREENS } from "./support/navigation";

/*
 * Issue 25: a member's screen comes drawn in its page (src/client/server-paint.tsx), so a phone shows it once the
 * HTML and the styles are in; the app's scripts, asked for after that first paint, take the drawing over without
 * drawing it again.
 */
test.use({ timezoneId: MIDDAY_ZONE });

/** The app has taken the drawing over: the shield over it is gone, and the page takes taps. */
async function takenOver(page: Page): Promise<void> {
  await expect(page.locator("#takeover-shield")).toHaveCount(0);
}

for (const screen of BUDGETED_SCREENS) {
  test(`${screen.path} is drawn in its page, before any script runs`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: MIDDAY_ZONE });
    const page = await context.newPage();
    await signIn(page, { timeZone: MIDDAY_ZONE });
    await page.goto(screen.path);
    await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await context.close();
  });

  test(`${screen.path}: the app takes its drawing over without drawing it again or moving it`, async ({
    page,
  }) => {
    await signIn(page, { timeZone: MIDDAY_ZONE });
    await deliverWordsToday(page, 2);
    await recordLayoutShifts(page);
    // The drawing's <main>, bars and headings, as the page brought them, before any script of the app has run. The
    // app takes the bars, the page and the cards over each in a task of its own (components/take-over-later.tsx).
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const drawn = window as unknown as { drawnMain: Element | null; drawnParts: Element[] };
        drawn.drawnMain = document.querySelector("main");
        drawn.drawnParts = [...document.querySelectorAll("header, nav, main h1, main h2, main h3")];
      });
    });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(screen.path);
    await takenOver(page);
    await expect(page.getByRole("main").locator('[aria-busy="true"]')).toHaveCount(0);
    // The app's scripts were asked for once the drawing was on screen (its first contentful paint), not before: on a
    // phone they would share the network with what that paint waits for (scripts-after-paint.ts).
    const order = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      scriptsAskedAt: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(order.scriptsAskedAt).toBeGreaterThanOrEqual(order.paintedAt);
    expect(
      await page.evaluate(() => {
        const drawn = (window as unknown as { drawnMain: Element | null }).drawnMain;
        return drawn !== null && drawn.isConnected && drawn === document.querySelector("main");
      }),
    ).toBe(true);
    const parts = await page.evaluate(() => {
      const { drawnParts } = window as unknown as { drawnParts: Element[] };
      return { drawn: drawnParts.length, kept: drawnParts.filter((part) => part.isConnected).length };
    });
    expect(parts.drawn).toBeGreaterThan(3);
    expect(parts.kept).toBe(parts.drawn);
    const moved = await layoutShifts(page);
    expect(moved.total, JSON.stringify(moved.shifts)).toBe(0);
    // The loader of the scripts ran under the content security policy, and nothing else complained.
    expect(errors).toEqual([]);
  });
}

test("/history comes drawn with today's words, today being the member's day", async ({ page, browser }) => {
  await signIn(page, { timeZone: MIDDAY_ZONE });
  await deliverWordsToday(page, 2);
  const withoutScripts = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
    timezoneId: MIDDAY_ZONE,
  });
  const drawn = await withoutScripts.newPage();
  await drawn.goto("/history");
  await expect(drawn.getByRole("region", { name: /^Today/ }).getByRole("listitem")).toHaveCount(2);
  await withoutScripts.close();
});

test("a member whose zone is not known yet gets the screen drawn by the browser", async ({ page }) => {
  await signIn(page);
  const html = await (await page.request.get("/favorites")).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).toContain('id="first-answers"');
  await page.goto("/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  // The app saved the browser's zone meanwhile, so the next visit comes drawn by the server.
  await expect
    .poll(async () => (await (await page.request.get("/favorites")).text()).includes('<div id="root"></div>'))
    .toBe(false);
});

test("a tap on the drawing before the app has its handlers waits for them", async ({ page }) => {
  await signIn(page, { timeZone: MIDDAY_ZONE });
  // The app's script arrives late (a slow phone): the drawing is on screen, shielded, meanwhile.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/favorites", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  await expect(page.locator("#takeover-shield")).toHaveCount(1);
  // Neither a tap nor a key lands on a control without its handlers: the link is under the shield, and focus stays
  // out of the drawing.
  const link = page.getByRole("link", { name: "Subscriptions" }).first();
  const box = (await link.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.getElementById("root")!.contains(document.activeElement))).toBe(
    false,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/favorites");
  release();
  await takenOver(page);
  await page.getByRole("link", { name: "Subscriptions" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible();
});

test("what a member typed is drawn as text, in the drawing and in the reads' results", async ({ page }) => {
  const firstName = '</script><script>window.typedRan = true</script><b title="x';
  await signIn(page, { firstName, timeZone: MIDDAY_ZONE });
  await page.goto("/");
  await takenOver(page);
  await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { typedRan?: boolean }).typedRan)).toBeUndefined();
  expect(await page.locator("#root b[title]").count()).toBe(0);
});
