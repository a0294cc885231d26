import { expect, test } from "./support/fixtures";

const PLACEHOLDERS: [path: string, heading: string][] = [
  ["/discover", "Discover New Topics"],
  ["/subscriptions", "Subscriptions"],
  ["/favorites", "Favorites"],
  ["/history", "Learning History"],
  ["/pricing", "Choose Your Learning Plan"],
  ["/settings", "Settings"],
  ["/feedback", "Send Feedback"],
];

test.describe("signed-in pages", () => {
  test("every member route shows its page inside the layout", async ({ memberPage: page }) => {
    for (const [path, heading] of PLACEHOLDERS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
    }
  });

  test.describe("in another time zone", () => {
    test.use({ timezoneId: "America/Denver" });

    test(
      "a user without a time zone gets the browser's, once",
      { tag: "@desktop" },
      async ({ memberPage: page }) => {
        await expect
          .poll(
            async () => (await page.evaluate(async () => (await fetch("/api/auth/user")).json())).timeZone,
          )
          .toBe("America/Denver");
      },
    );
  });

  test("logout is a full-page visit to /api/logout that ends the session", async ({
    memberPage: page,
    isMobile,
  }) => {
    if (isMobile) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog").getByRole("link", { name: "Logout" }).click();
    } else {
      await page.getByRole("button", { name: /Account menu/ }).click();
      await page.getByRole("menuitem", { name: "Logout" }).click();
    }
    await expect(
      page.getByRole("heading", { level: 1, name: "Speak the language of experts" }),
    ).toBeVisible();
    expect(await page.evaluate(async () => (await fetch("/api/auth/user")).status)).toBe(401);
  });
});
