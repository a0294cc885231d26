import { expect, test } from "./support/fixtures";

test("subscription validation is polled every 5 minutes, only while the tab is visible", async ({
  page,
  member: _member,
}) => {
  let calls = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/validate-subscription")) calls += 1;
  });
  await page.clock.install();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Learning Dashboard" })).toBeVisible();
  await expect.poll(() => calls).toBe(1);

  await page.clock.runFor("05:01");
  await expect.poll(() => calls).toBe(2);

  const setVisibility = (state: "hidden" | "visible") =>
    page.evaluate((value) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => value });
      document.dispatchEvent(new Event("visibilitychange"));
    }, state);
  await setVisibility("hidden");
  await page.clock.runFor("15:00");
  expect(calls).toBe(2);

  // Visible again, polling resumes. The app re-arms its timer when it has handled the event, which under load can
  // come after the first fast-forward, so the clock moves on in 5-minute steps until the poll is seen.
  await setVisibility("visible");
  await expect(async () => {
    await page.clock.runFor("05:01");
    expect(calls).toBeGreaterThanOrEqual(3);
  }).toPass();
});
