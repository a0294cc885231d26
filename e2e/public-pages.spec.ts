import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { PUBLIC_PAGE_META, documentTitle, type PublicPagePath } from "../src/shared/rules/public-pages";
import { DEFAULT_WORD_LEVEL, WORD_LEVEL_LABELS, WORD_LEVELS } from "../src/shared/constants";
import { expect, expectAccessibleInBothThemes, signIn, test } from "./support/fixtures";

/** The public pages of plans-billing §2 and their one <h1>. */
const PUBLIC_PAGES: [path: Exclude<PublicPagePath, "/">, heading: string][] = [
  ["/topics", "Explore Topics"],
  ["/how-it-works", "How Jargon Works"],
  ["/testimonials", "Success Stories"],
  ["/faq", "Frequently Asked Questions"],
  ["/about", "About Jargon"],
  ["/terms", "Terms of Service"],
];

const SAMPLED_DOMAINS = ["Finance", "Business", "Technology", "Medical", "Legal", "Academic"];

const FAQ_CATEGORIES = [
  "Getting Started",
  "Learning Method",
  "Pricing & Plans",
  "Progress & Results",
  "Content & Domains",
  "Technical Support",
];

/** A FAQ entry: a <details> of the page's one exclusive group, its question the <summary>. */
const faqItem = (page: Page, question: string) =>
  page.locator("details", { has: page.locator("summary", { hasText: question }) });
const faqQuestion = (page: Page, question: string) => faqItem(page, question).locator("summary");

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Words of a topic in the built-in library (content/library/<topic>.json). */
/** A topic's library words (lower case), each with its level. */
function libraryLevels(topic: string): Map<string, number> {
  const file = JSON.parse(readFileSync(`content/library/${topic}.json`, "utf8")) as {
    items: { word: string; level?: number }[];
  };
  return new Map(file.items.map((item) => [item.word.toLowerCase(), item.level ?? DEFAULT_WORD_LEVEL]));
}

test.describe("public pages for a visitor", () => {
  test(
    "each page has its own title, description, canonical URL and Open Graph tags",
    { tag: "@desktop" },
    async ({ page }) => {
      for (const [path, heading] of PUBLIC_PAGES) {
        await openPage(page, path, heading);
        const { title, description } = PUBLIC_PAGE_META[path];
        await expect(page).toHaveTitle(documentTitle(title));
        await expect(page.locator('meta[name="description"]')).toHaveCount(1);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
          "content",
          documentTitle(title),
        );
        await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description);
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
          "content",
          new RegExp(`${path}$`),
        );
        await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      }
    },
  );

  test("moving between pages in the app keeps the tags current", { tag: "@desktop" }, async ({ page }) => {
    await openPage(page, "/topics", "Explore Topics");
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    await expect(page).toHaveTitle("Frequently Asked Questions · Jargon");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      PUBLIC_PAGE_META["/faq"].description,
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", /\/faq$/);
  });

  test(
    "crawlers that run no script get each page's tags in the HTML itself",
    { tag: "@desktop" },
    async ({ page }) => {
      for (const [path] of PUBLIC_PAGES) {
        const html = await (await page.request.get(path)).text();
        const { title, description } = PUBLIC_PAGE_META[path];
        expect(html).toContain(`<title>${documentTitle(title)}</title>`);
        expect(html).toContain(`<meta property="og:title" content="${documentTitle(title)}" />`);
        expect(html).toContain(`<meta name="description" content="${description.replace(/'/g, "'")}" />`);
      }
    },
  );

  test("the public pages load none of the signed-in app's code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    for (const [path, heading] of PUBLIC_PAGES) {
      await openPage(page, path, heading);
      await page.waitForLoadState("networkidle");
    }
    // Prerendered: the public pages' own small script, no React.
    expect(scripts.some((path) => path.includes("public-site"))).toBe(true);
    const memberCode = scripts.filter((path) =>
      /\/assets\/index-|app-shell|dashboard-page|discover-page|settings-page|subscriptions-page|history-page|favorites-page|admin-page/.test(
        path,
      ),
    );
    expect(memberCode).toEqual([]);
  });

  test(
    "/topics shows six domains with three real library words each, level badges and the 200+ note",
    { tag: "@desktop" },
    async ({ page }) => {
      await openPage(page, "/topics", "Explore Topics");
      for (const domain of SAMPLED_DOMAINS) {
        const card = page.getByRole("article", { name: domain });
        await expect(card).toBeVisible();
        await expect(card.getByText(/^\d{3,} terms$/)).toBeVisible();
        const words = card.getByRole("list", { name: `Sample ${domain} terms` }).getByRole("listitem");
        await expect(words).toHaveCount(3);
        // The badge names the level the word is delivered at, by the names the app uses everywhere.
        const library = libraryLevels(domain.toLowerCase());
        for (const level of WORD_LEVELS) {
          const word = words.nth(level - 1);
          await expect(word.getByText(WORD_LEVEL_LABELS[level].name, { exact: true })).toBeVisible();
          const text = (await word.locator("p.font-semibold").textContent()) ?? "";
          expect(library.get(text.toLowerCase()), `${text} is a level-${level} ${domain} library word`).toBe(
            level,
          );
        }
      }
      await expect(
        page.getByRole("heading", { name: "200+ terms in every domain, updated weekly" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "See How It Works" })).toHaveAttribute(
        "href",
        "/how-it-works",
      );
      await expect(page.getByRole("main").getByRole("link", { name: "View Pricing" })).toHaveAttribute(
        "href",
        "/pricing",
      );
      await expect(page.getByRole("link", { name: "Start Learning" })).toHaveAttribute("href", "/api/login");
      await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toHaveAttribute(
        "href",
        "/api/login",
      );
    },
  );

  test(
    "/how-it-works shows four steps, four features, a sample delivery, a testimonial and a way to /topics",
    { tag: "@desktop" },
    async ({ page }) => {
      await openPage(page, "/how-it-works", "How Jargon Works");
      const steps = page
        .getByRole("region", { name: "The four steps" })
        .getByRole("listitem")
        .filter({
          has: page.getByRole("heading", { level: 3 }),
        });
      await expect(steps).toHaveCount(4);
      for (const [index, step] of [
        "Choose Your Domain",
        "Set Your Schedule",
        "Receive Expert Content",
        "Track Your Progress",
      ].entries()) {
        await expect(steps.nth(index).getByRole("heading", { level: 3 })).toHaveText(step);
        await expect(steps.nth(index).getByText(`Step ${index + 1}`)).toBeVisible();
      }
      const features = page.getByRole("region", { name: "Everything you need to learn like an expert" });
      await expect(features.getByRole("heading", { level: 3 })).toHaveCount(4);
      const sample = page.getByRole("region", { name: "What arrives in your inbox" });
      await expect(sample.getByText("Amortization", { exact: true })).toBeVisible();
      await expect(sample.getByText(/Daily · 8:00 AM/)).toBeVisible();
      await expect(
        page.getByRole("region", { name: "A learner's story" }).getByRole("blockquote"),
      ).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "View Pricing" })).toHaveAttribute(
        "href",
        "/pricing",
      );
      await page
        .getByRole("region", { name: "Ready to choose your domain?" })
        .getByRole("link", { name: "Explore Topics" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Explore Topics" })).toBeVisible();
    },
  );

  test(
    "/testimonials shows stats, a featured story, six stories with domain, rating, improvement and timeframe, and results",
    { tag: "@desktop" },
    async ({ page }) => {
      await openPage(page, "/testimonials", "Success Stories");
      const stats = page.getByRole("region", { name: "Results in numbers" });
      await expect(stats.getByRole("definition")).toHaveCount(4);
      await expect(stats.getByText("347%")).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Featured story" }).getByText("Sarah Chen"),
      ).toBeVisible();

      const stories = page.getByRole("region", { name: "Professionals in every field" }).getByRole("figure");
      await expect(stories).toHaveCount(6);
      for (let index = 0; index < 6; index += 1) {
        const story = stories.nth(index);
        await expect(story.getByRole("img", { name: /^Rated [1-5] out of 5$/ })).toBeVisible();
        await expect(story.getByText(/^(Finance|Business|Technology|Medical|Legal|Academic)$/)).toBeVisible();
        await expect(story.getByRole("term").filter({ hasText: "Improvement" })).toHaveCount(1);
        await expect(story.getByText(/^In \d+ (weeks|months)$/)).toBeVisible();
        await expect(story.getByRole("blockquote")).toBeVisible();
      }
      await expect(
        page.getByRole("region", { name: "What our learners achieve" }).getByRole("listitem"),
      ).toHaveCount(5);
      const heroLinks: [name: string, href: string][] = [
        ["Explore Topics", "/topics"],
        ["How It Works", "/how-it-works"],
      ];
      for (const [name, href] of heroLinks) {
        await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toHaveAttribute(
          "href",
          href,
        );
      }
    },
  );

  test(
    "/faq: six categories of four questions, one open at a time, with keyword tags and the closing block",
    { tag: "@desktop" },
    async ({ page }) => {
      await openPage(page, "/faq", "Frequently Asked Questions");
      for (const badge of ["Quick Answers", "Searchable Content", "Expert Guidance"]) {
        await expect(
          page.getByRole("list", { name: "What you'll find here" }).getByText(badge),
        ).toBeVisible();
      }
      await expect(page.getByRole("searchbox")).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("link", { name: "Start Learning" })).toHaveAttribute(
        "href",
        "/api/login",
      );
      for (const category of FAQ_CATEGORIES) {
        const card = page.getByRole("region", { name: category });
        await expect(card.getByRole("heading", { level: 2 })).toHaveText(category);
        await expect(card.locator("summary")).toHaveCount(4);
      }
      const main = page.getByRole("main");
      await expect(main.locator("details:not([open])")).toHaveCount(24);

      // The price answer states the real plans in pounds, then the spec's "$19" professional plan (issue 28;
      // e2e/teams.spec.ts reads the rest of it).
      const priceQuestion = "How much does Jargon cost?";
      await faqQuestion(page, priceQuestion).click();
      const price = faqItem(page, priceQuestion);
      await expect(price).toHaveAttribute("open", "");
      await expect(price.getByText(/Basic is £4\/month/)).toBeVisible();
      await expect(price.getByText(/\$19 per month/)).toBeVisible();
      await expect(price.getByRole("list", { name: "Keywords" }).getByText("GBP")).toBeVisible();

      // Opening a question in another category closes the first: one open on the whole page.
      const pauseQuestion = "Can I pause my subscription?";
      const missedQuestion = "I missed a notification. Can I still see it?";
      await faqQuestion(page, missedQuestion).click();
      await expect(faqItem(page, missedQuestion)).toHaveAttribute("open", "");
      await expect(price).not.toHaveAttribute("open");
      await expect(page.getByText(/trigger a delivery manually/)).toBeVisible();
      await expect(main.locator("details[open]")).toHaveCount(1);
      await faqQuestion(page, pauseQuestion).click();
      await expect(page.getByText(/up to 3 months/)).toBeVisible();
      await expect(faqItem(page, missedQuestion)).not.toHaveAttribute("open");
      // Its own question closes it again, leaving none open.
      await faqQuestion(page, pauseQuestion).click();
      await expect(main.locator("details[open]")).toHaveCount(0);

      const closing = page.getByRole("region", { name: "Still Have Questions?" });
      await expect(closing.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute(
        "href",
        "/api/login",
      );
      await closing.getByRole("link", { name: "Read Success Stories" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Success Stories" })).toBeVisible();
    },
  );

  test(
    "/faq answers keep the product's own claims (free plan, team plans on request, export, support)",
    { tag: "@desktop" },
    async ({ page }) => {
      await openPage(page, "/faq", "Frequently Asked Questions");
      const claims: [question: string, claim: RegExp][] = [
        ["Is there a free plan?", /one active subscription/],
        ["Can I mark terms I already know?", /Mark a term as known/],
        ["Can I save my favourite terms?", /Tap the heart on any term to add it to your favourites/],
        ["How do I track my progress?", /streak counters/],
        ["How quickly does support reply?", /within 24 hours/],
        ["How much does Jargon cost?", /Team plans are available on request/],
      ];
      for (const [question, claim] of claims) {
        await faqQuestion(page, question).click();
        await expect(faqItem(page, question).getByText(claim)).toBeVisible();
      }
    },
  );

  test(
    "/about shows mission, vision, numbers, the team card, values, partners and the closing block",
    { tag: "@desktop" },
    async ({ page }) => {
      await openPage(page, "/about", "About Jargon");
      await expect(page.getByRole("heading", { level: 2, name: "Our Mission", exact: true })).toBeVisible();
      await expect(page.getByRole("region", { name: "Our Vision" }).getByText(/By 2030/)).toBeVisible();
      const numbers = page.getByRole("region", { name: "Our Impact by the Numbers" });
      const achievements: [metric: string, label: string][] = [
        ["10,000+", "Professionals Served"],
        ["347%", "Average Improvement"],
        ["15+", "Professional Domains"],
        ["4.9/5", "Expert Rating"],
      ];
      for (const [metric, label] of achievements) {
        const item = numbers
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: label }) });
        await expect(item.getByText(metric, { exact: true })).toBeVisible();
      }
      const team = page.getByRole("region", { name: "Leadership Team" }).getByRole("listitem");
      await expect(team).toHaveCount(1);
      await expect(team.getByText("EH", { exact: true })).toBeVisible();
      await expect(team.getByText("Founder & CEO")).toBeVisible();
      await expect(team.getByText("Applied Linguistics")).toBeVisible();
      const values = page.getByRole("region", { name: "Our Core Values" });
      for (const value of [
        "Excellence in Education",
        "Scientific Methodology",
        "Professional Focus",
        "Trusted Security",
      ]) {
        await expect(values.getByRole("heading", { name: value })).toBeVisible();
      }
      await expect(
        page.getByRole("region", { name: "Trusted Partnerships" }).getByRole("listitem"),
      ).toHaveCount(5);
      const closing = page.getByRole("region", { name: "Join Our Mission" });
      await expect(closing.getByRole("link", { name: "Start Your Journey" })).toHaveAttribute(
        "href",
        "/api/login",
      );
      await expect(closing.getByRole("link", { name: "Explore Topics" })).toHaveAttribute("href", "/topics");
    },
  );

  test("the header and footer reach every public page", async ({ page, isMobile }) => {
    await openPage(page, "/about", "About Jargon");
    if (isMobile) {
      await page.getByRole("banner").getByLabel("Open menu").click();
      await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "FAQ" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();
    } else {
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Success Stories" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Success Stories" })).toBeVisible();
    }
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });

  test("the pages fit a phone without sideways scrolling", async ({ page }) => {
    for (const [path, heading] of PUBLIC_PAGES) {
      await openPage(page, path, heading);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("public pages for a signed-in member", () => {
  test(
    "every public page opens inside the app, with its tags, and its calls to action lead into the app",
    { tag: "@desktop" },
    async ({ page }) => {
      test.slow(); // every public page in turn: 25 s on a busy CI machine, close to the 30 s default
      await signIn(page);
      for (const [path, heading] of PUBLIC_PAGES) {
        await openPage(page, path, heading);
        await expect(page.getByRole("banner")).toBeVisible();
        await expect(page).toHaveTitle(documentTitle(PUBLIC_PAGE_META[path].title));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute(
          "content",
          PUBLIC_PAGE_META[path].description,
        );
      }
      // Nothing to log into: "Start Learning" goes to Discover, "Start Free Trial" to the plans.
      await openPage(page, "/faq", "Frequently Asked Questions");
      await expect(page.locator('main a[href="/api/login"]')).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/pricing");
      await page.getByRole("main").getByRole("link", { name: "Start Learning" }).click();
      await expect(page).toHaveURL(/\/discover$/);
    },
  );

  test(
    "leaving a public page for an app screen drops its description and sharing tags",
    { tag: "@desktop" },
    async ({ page }) => {
      await signIn(page);
      await openPage(page, "/about", "About Jargon");
      await page.evaluate(() => {
        window.history.pushState({}, "", "/discover");
        window.dispatchEvent(new PopStateEvent("popstate"));
      });
      await expect(page.getByRole("heading", { level: 1, name: "About Jargon" })).toBeHidden();
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(0);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        PUBLIC_PAGE_META["/"].description,
      );
    },
  );
});

test.describe("404 screen", () => {
  test(
    "shows the heading, a way home and suggested pages, and no developer hint",
    { tag: "@desktop" },
    async ({ page }) => {
      await page.goto("/no-such-page");
      await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
      await expect(page.getByText(/router/i)).toHaveCount(0);
      await expect(page).toHaveTitle("Page not found · Jargon");
      const suggestions = page.getByRole("navigation", { name: "Suggested pages" });
      await suggestions.getByRole("link", { name: "FAQ" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    },
  );
});

const AXE_PAGES: [string, string][] = [...PUBLIC_PAGES, ["/no-such-page", "404 Page Not Found"]];

// One test per page, both themes in it: axe on a long page takes seconds on a busy machine.
test.describe("axe in light and dark", () => {
  for (const [path, heading] of AXE_PAGES) {
    test(`${path}, signed out and signed in`, async ({ page }) => {
      test.setTimeout(90_000);
      await openPage(page, path, heading);
      await page.waitForLoadState("networkidle");
      await expectAccessibleInBothThemes(page);
      await signIn(page);
      await openPage(page, path, heading);
      await page.waitForLoadState("networkidle");
      await expectAccessibleInBothThemes(page);
    });
  }
  // An open FAQ answer with its keyword tags: teams.spec.ts checks one (the price answer, with its team link).
});
