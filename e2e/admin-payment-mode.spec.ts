import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_EMAIL, expect, expectAccessible, test } from "./support/fixtures";
import { freePort } from "./support/free-port";

/*
 * Flipping the payment mode needs Stripe keys for both modes, which the shared e2e server (the sandbox) has not.
 * This file starts its own instance of the same build with placeholder test and live key pairs; switching the
 * mode only stores the choice (no call reaches Stripe), so the keys never have to be real.
 */

let server: ChildProcess | undefined;
let origin = "";
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "jargon-e2e-stripe-"));
  server = spawn(process.execPath, [`${process.env.JARGON_DIST ?? "dist"}/server/main.js`], {
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: origin,
      DATA_DIR: dataDir,
      SCHEDULER: "off",
      LOG_LEVEL: "warn",
      ADMIN_EMAILS: ADMIN_EMAIL,
      DATABASE_URL: "",
      SMTP_URL: "",
      OIDC_ISSUER_URL: "",
      STRIPE_SECRET_KEY: "sk_test_placeholder",
      STRIPE_PUBLISHABLE_KEY: "pk_test_placeholder",
      STRIPE_LIVE_SECRET_KEY: "sk_live_placeholder",
      STRIPE_LIVE_PUBLISHABLE_KEY: "pk_live_placeholder",
      // Nothing listens here: a stray call to Stripe would fail loudly instead of reaching the internet.
      STRIPE_API_BASE: "http://127.0.0.1:9",
    },
  });
  const deadline = Date.now() + 100_000;
  for (;;) {
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error("the Stripe-configured server did not start");
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("an admin flips payment mode from Test to Live and back; the banner follows", async ({ page }) => {
  test.setTimeout(90_000);
  const login = await page.request.post(`${origin}/api/test/login`, {
    data: { email: ADMIN_EMAIL, firstName: "Ada" },
    headers: { origin },
  });
  expect(login.status()).toBe(200);
  await page.goto(`${origin}/admin?tab=settings`);
  await expect(page.getByRole("heading", { name: "Payment Settings" })).toBeVisible();

  const live = page.getByRole("switch", { name: "Live mode" });
  const banner = page.locator("#mode-banner");
  await expect(live).not.toBeChecked();
  await expect(banner).toContainText("Test Mode");
  await expect(banner).toContainText("No real money is charged.");

  await live.click();
  await expect(page.locator("li").filter({ hasText: "Live mode on" })).toBeVisible();
  await expect(live).toBeChecked();
  await expect(banner).toContainText("Live Mode");
  await expect(banner).toContainText("Real cards are charged.");
  const stored = await page.request.get(`${origin}/api/admin/stripe-mode`);
  expect(await stored.json()).toMatchObject({ mode: "live", provider: "stripe" });
  // What checkouts now use: the live publishable key.
  const config = await page.request.get(`${origin}/api/stripe-config`);
  expect(await config.json()).toMatchObject({
    mode: "live",
    publishableKey: "pk_live_placeholder",
    testMode: false,
  });

  // The choice is kept across a reload.
  await page.reload();
  await expect(live).toBeChecked();
  await expectAccessible(page);

  await live.click();
  await expect(page.locator("li").filter({ hasText: "Test mode on" })).toBeVisible();
  await expect(live).not.toBeChecked();
  await expect(banner).toContainText("Test Mode");
});
