import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { buyByApi, startTrialByApi } from "./support/billing";
import { expect, expectAccessible, test } from "./support/fixtures";

/*
 * Issue 29: every link of the top navigation is visible and clickable at every desktop width in every plan state.
 * The trial chip, the bell, the theme switcher and the user menu never cover a link (before this, the trial chip
 * sat on 'Review' from 768 to 1440 px).
 */

const WIDTHS = [768, 1024, 1280, 1440];
const SHOTS = process.env.SHOTS === "1";
const DIR = process.env.SHOTS_DIR ?? "/tmp/shots";

/** What is wrong with the top bar at this width: links overlapping any other control, off screen or covered. */
async function navProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector("header");
    if (!header) return ["no top bar yet"];
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };
    const nameOf = (element: Element) =>
      element.getAttribute("aria-label") ?? element.textContent?.trim() ?? element.tagName;
    const links = [...header.querySelectorAll('nav[aria-label="Main"] a')].filter(shown);
    const controls = [...header.querySelectorAll('a, button, [role="radiogroup"]')].filter(shown);
    const problems: string[] = [];
    if (links.length === 0) problems.push("no links shown");
    for (const link of links) {
      const box = link.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth) problems.push(`${nameOf(link)} is off screen`);
      for (const other of controls) {
        if (other === link || other.contains(link) || link.contains(other)) continue;
        const them = other.getBoundingClientRect();
        const overlaps =
          box.left < them.right && them.left < box.right && box.top < them.bottom && them.top < box.bottom;
        if (overlaps) problems.push(`${nameOf(link)} overlaps ${nameOf(other)}`);
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !link.contains(hit))
        problems.push(`${nameOf(link)} is covered by ${hit ? nameOf(hit) : "nothing"}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push("the page scrolls sideways");
    return problems;
  });
}

async function expectNavClearAtEveryWidth(page: Page, state: string, theme: "light" | "dark" = "light") {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => navProblems(page), { message: `${state} at ${width} px` }).toEqual([]);
    if (SHOTS) {
      mkdirSync(DIR, { recursive: true });
      await page.getByRole("banner").screenshot({ path: `${DIR}/nav-${state}-${width}-${theme}.png` });
    }
  }
}

test.describe("top navigation at every desktop width", () => {
  test("free plan: every link clear of every control", async ({ memberPage: page }) => {
    await expectNavClearAtEveryWidth(page, "free");
    await page.setViewportSize({ width: 768, height: 800 });
    await expectAccessible(page);
  });

  test("paid plan: every link clear of every control", async ({ memberPage: page }) => {
    test.slow(); // a purchase through the sandbox, then four widths
    await buyByApi(page, "basic");
    await page.reload();
    await expect(page.getByRole("link", { name: "Upgrade", exact: true })).toHaveCount(0);
    await expectNavClearAtEveryWidth(page, "paid");
  });

  test("trial: the trial chip never covers a link, in light and dark", async ({ memberPage: page }) => {
    test.slow(); // a trial through the sandbox, eight widths and axe twice
    // The JCB test card: a trial is allowed once per card on the shared server, and no other test uses it.
    await startTrialByApi(page, "3566 0020 2036 0505");
    await page.reload();
    await expect(page.getByTestId("trial-chip")).toBeVisible();
    await expectNavClearAtEveryWidth(page, "trial");
    await page.setViewportSize({ width: 768, height: 800 });
    await expectAccessible(page);
    const review = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Review" });
    await review.click();
    await expect(page).toHaveURL(/\/review$/);

    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectNavClearAtEveryWidth(page, "trial", "dark");
    await expectAccessible(page);
  });
});
