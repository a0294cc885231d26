import { expect, test } from "./support/fixtures";

test("a session that ends under a signed-in page: toast, then the login page", async ({
  memberPage: page,
  context,
}) => {
  // The toast lives 500 ms before the page leaves (the spec's delay): a poll from the test can miss it on a busy
  // machine, so the page reports each toast as it appears, through a binding that outlives the navigation.
  const toasts: string[] = [];
  await page.exposeBinding("__reportToast", (_source, text: string) => void toasts.push(text));
  await page.addInitScript(() => {
    const reported = new WeakSet<Element>();
    const report = (window as unknown as { __reportToast: (text: string) => void }).__reportToast;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[aria-label^="Notifications"] li')) {
        if (reported.has(toast) || !toast.textContent) continue;
        reported.add(toast);
        report(toast.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto("/discover");
  await expect(page.getByRole("heading", { level: 1, name: "Discover New Topics" })).toBeVisible();

  // End the session on the server while the browser keeps its (now dead) cookie.
  const cookies = await context.cookies();
  // The sign-out page's POST (a GET from outside the app's own pages only shows that page: issue 24).
  expect((await page.request.post("/api/logout", { maxRedirects: 0 })).status()).toBe(303);
  await context.addCookies(cookies);

  // The page's next call (the bell polls every 2 seconds) answers 401: the user is told, then sent to sign in.
  // Nothing is clicked: a click raced the poll, which may already have left the page.
  await page.waitForURL(/\/api\/login$/);
  expect(toasts).toContainEqual(
    expect.stringMatching(/^Unauthorized\s*You are logged out\. Logging in again\.\.\./),
  );
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
