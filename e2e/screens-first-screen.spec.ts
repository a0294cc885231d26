import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import {
  deliverWordsToday,
  favoriteByApi,
  MIDDAY_ZONE,
  recentWords,
  useTimeZone,
} from "./support/deliveries";
import { expect, SHOT_THEMES, signIn, startWithTheme, test } from "./support/fixtures";
import { holdDataAnswers, layoutShifts, recordLayoutShifts } from "./support/layout-shift";
import { BUDGETED_SCREENS } from "./support/navigation";

/*
 * Issue 25: nothing on a signed-in screen moves once it has painted. Each of the six screens is loaded cold with
 * its data held back until its first render (placeholders and all) has painted, as on a slow phone network; then
 * the data arrives and the layout shift of the whole load must stay at most 0.02 (Lighthouse's CLS target), for a
 * new member (empty states) and for a member with words, favorites and a subscription.
 * SHOTS=1 writes each screen before and after its data to SHOTS_DIR (default /tmp/shots), in both themes.
 */
test.use({ timezoneId: MIDDAY_ZONE });

const SHOTS = process.env.SHOTS === "1";
const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";
const MAX_LAYOUT_SHIFT = 0.02;

/** Two words delivered today, one of them saved: every screen has something to show. */
async function giveData(page: Page): Promise<void> {
  await deliverWordsToday(page, 2);
  const [word] = await recentWords(page);
  if (!word) throw new Error("no word was delivered");
  await favoriteByApi(page, [word.content.id]);
}

async function expectStillOnceLoaded(
  page: Page,
  screen: (typeof BUDGETED_SCREENS)[number],
  shot: (moment: "before" | "after") => Promise<void>,
) {
  await recordLayoutShifts(page);
  const answers = await holdDataAnswers(page);
  await page.goto(screen.path);
  await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
  await shot("before");
  answers.release();
  // Every placeholder has given way to what it stood for (each is announced busy while it shows).
  await expect(page.getByRole("main").locator('[aria-busy="true"]')).toHaveCount(0);
  if (screen.path === "/") await expect(page.getByTestId("membership-days")).toBeVisible();
  // Late pieces (a chart's chunk, the trial offer) have had time to arrive.
  await page.waitForTimeout(1_500);
  await shot("after");
  const { total, shifts } = await layoutShifts(page);
  expect(total, `${screen.path}: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
}

for (const theme of SHOT_THEMES) {
  for (const member of ["new member", "member with words"] as const) {
    for (const screen of BUDGETED_SCREENS) {
      test(`${screen.path} does not move while its data arrives: ${member} (${theme})`, async ({
        page,
      }, testInfo) => {
        test.slow(); // deliveries, then a cold load held until the first render painted
        await startWithTheme(page, theme);
        await signIn(page);
        await useTimeZone(page);
        if (member === "member with words") await giveData(page);
        await expectStillOnceLoaded(page, screen, async (moment) => {
          if (!SHOTS) return;
          mkdirSync(DIR, { recursive: true });
          const name = `${screen.path.slice(1) || "dashboard"}-${member.replace(/ /g, "-")}`;
          await page.screenshot({
            path: `${DIR}/first-${name}-${testInfo.project.name}-${theme}-${moment}.png`,
          });
        });
      });
    }
  }
}
