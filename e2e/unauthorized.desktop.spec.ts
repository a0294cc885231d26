import { expect, test, toastTitled } from "./support/fixtures";

test("a session that ends under a signed-in page: toast, then the login page", async ({
  memberPage: page,
  context,
}) => {
  await page.goto("/discover");
  await expect(page.getByRole("heading", { level: 1, name: "Discover New Topics" })).toBeVisible();

  // End the session on the server while the browser keeps its (now dead) cookie.
  const cookies = await context.cookies();
  // The sign-out page's POST (a GET from outside the app's own pages only shows that page: issue 24).
  expect((await page.request.post("/api/logout", { maxRedirects: 0 })).status()).toBe(303);
  await context.addCookies(cookies);

  // The page's next call (the bell polls every 2 seconds) answers 401: the user is told, then sent to sign in.
  // Nothing is clicked: a click raced the poll, which may already have left the page.
  const toast = toastTitled(page, "Unauthorized");
  await expect(toast).toContainText("You are logged out. Logging in again...");
  await page.waitForURL(/\/api\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
