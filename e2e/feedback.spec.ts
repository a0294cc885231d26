import type { Page } from "@playwright/test";
import { FEEDBACK_PER_USER_PER_HOUR, FEEDBACK_RATE_LIMIT_MESSAGE } from "../src/shared/api/feedback";
import { mailSubjectsTo } from "./support/billing";
import {
  APP_ORIGIN,
  expect,
  expectAccessibleInBothThemes,
  signIn,
  SUPPORT_EMAIL,
  test,
} from "./support/fixtures";

async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole("region", { name: /Notifications/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description)).toBeVisible();
}

async function chooseArea(page: Page, area: string) {
  await page.getByRole("combobox", { name: "Area" }).click();
  await page.getByRole("option", { name: area, exact: true }).click();
}

async function openFeedback(page: Page) {
  await signIn(page, { firstName: "Ada", lastName: "Lovelace" });
  await page.goto("/feedback");
  await expect(page.getByRole("heading", { level: 1, name: "Send Feedback" })).toBeVisible();
}

test.describe("feedback", () => {
  test("the form card, the guidelines and the contact card, with e-mail and name filled in", async ({
    page,
  }) => {
    await openFeedback(page);
    await expect(page.getByRole("heading", { name: "Feedback Guidelines" })).toBeVisible();
    for (const tip of ["Bug reports", "Feature requests", "General feedback"]) {
      await expect(page.getByRole("heading", { name: tip })).toBeVisible();
    }
    const contact = page.getByRole("heading", { name: "Contact Information" }).locator("xpath=../..");
    await expect(contact.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
    await expect(contact).toContainText("We typically reply within 1-2 business days.");
    // The FAQ and the Terms promise support replies within 24 hours; the page says so too.
    await expect(contact).toContainText(
      "A question about your account or a payment is answered within 24 hours.",
    );
    await expect(page.getByLabel("Your Email (optional)")).toHaveValue(/@jargon\.test$/);
    await expect(page.getByLabel("Your Name (optional)")).toHaveValue("Ada Lovelace");
    // Nothing sticks out sideways, even at 390 px with the long placeholder in the Area select.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test("every validation message, cleared as the mistake is fixed", { tag: "@desktop" }, async ({ page }) => {
    await openFeedback(page);
    await page.getByLabel("Your Email (optional)").fill("not-an-address");
    await page.getByRole("button", { name: "Send Feedback" }).click();
    await expect(page.getByText("Please select an area")).toBeVisible();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await expect(page.getByText("Please provide at least 10 characters of feedback")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Area" })).toBeFocused();

    await chooseArea(page, "History");
    await expect(page.getByText("Please select an area")).toHaveCount(0);
    await page.getByLabel("Subject").fill("s".repeat(101));
    await expect(page.getByText("Subject must be under 100 characters")).toBeVisible();
    await expect(page.getByText("101/100")).toBeVisible();
    await page.getByLabel("Message").fill("m".repeat(2001));
    await expect(page.getByText("Message must be under 2000 characters")).toBeVisible();
    await page.getByLabel("Your Email (optional)").fill("");
    await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
    expect(await mailSubjectsTo(page, SUPPORT_EMAIL)).not.toContain(
      "[Jargon feedback] History: " + "s".repeat(101),
    );
  });

  test(
    "sending: 'Sending...', the success toast, the e-mail to support, and a reset form",
    { tag: "@desktop" },
    async ({ page }) => {
      await openFeedback(page);
      const subject = `Search by topic ${Date.now()}`;
      await chooseArea(page, "History");
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message").fill("It would help to filter my history by topic as well as by day.");
      await page.getByLabel("Your Name (optional)").fill("A. Lovelace");
      // Holds the request a moment so the submitting state can be seen; the server then answers for real.
      await page.route("**/api/feedback", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      await page.getByRole("button", { name: "Send Feedback" }).click();
      await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
      await expectToast(
        page,
        "Feedback sent successfully!",
        "Thank you for your feedback. We'll review it and get back to you if needed.",
      );
      await expect(page.getByLabel("Subject")).toHaveValue("");
      await expect(page.getByLabel("Message")).toHaveValue("");
      await expect(page.getByRole("combobox", { name: "Area" })).toHaveText(/Select the area/);
      await expect(page.getByLabel("Your Name (optional)")).toHaveValue("Ada Lovelace");
      await expect(page.getByLabel("Your Email (optional)")).toHaveValue(/@jargon\.test$/);
      await expect(page.getByRole("button", { name: "Send Feedback" })).toBeEnabled();
      expect(await mailSubjectsTo(page, SUPPORT_EMAIL)).toContain(`[Jargon feedback] History: ${subject}`);
    },
  );

  test(
    "a failed send keeps what was typed and shows the failure toast",
    { tag: "@desktop" },
    async ({ page }) => {
      await openFeedback(page);
      await chooseArea(page, "Mobile");
      await page.getByLabel("Subject").fill("Offline");
      await page.getByLabel("Message").fill("This message never reaches the server.");
      await page.route("**/api/feedback", (route) => route.abort());
      await page.getByRole("button", { name: "Send Feedback" }).click();
      await expectToast(
        page,
        "Failed to send feedback",
        "There was an error sending your feedback. Please try again.",
      );
      await expect(page.getByRole("button", { name: "Send Feedback" })).toBeEnabled();
      await expect(page.getByLabel("Subject")).toHaveValue("Offline");
    },
  );

  test("too much feedback in an hour: the server's limit message", { tag: "@desktop" }, async ({ page }) => {
    await openFeedback(page);
    for (let i = 0; i < FEEDBACK_PER_USER_PER_HOUR; i += 1) {
      const response = await page.request.post("/api/feedback", {
        headers: { origin: APP_ORIGIN },
        data: { area: "other", subject: `Note ${i}`, message: "A short but valid note." },
      });
      expect(response.status()).toBe(201);
    }
    await chooseArea(page, "Other");
    await page.getByLabel("Subject").fill("One more");
    await page.getByLabel("Message").fill("Just one more thing to say.");
    await page.getByRole("button", { name: "Send Feedback" }).click();
    await expectToast(page, "Failed to send feedback", FEEDBACK_RATE_LIMIT_MESSAGE);
  });

  test(`passes axe in light and dark, also with errors showing`, async ({ page }) => {
    await openFeedback(page);
    await expectAccessibleInBothThemes(page);
    await page.getByRole("button", { name: "Send Feedback" }).click();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});
