import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions, HEADLESS_SHELL } from "./e2e/support/browser";
import { freePort } from "./e2e/support/free-port";

/**
 * Browser tests run against the BUILT app (`npm run build` first): one server on a free port with a fresh
 * database. Playwright loads this file in the runner and again in every worker; the runner picks the port,
 * data directory and results folder and hands them to the workers through the environment.
 */
/** Per-run results folders (traces, attachments) under here: see removeResultsOfEndedRuns. */
const RESULTS_ROOT = "test-results";
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "jargon-e2e-"));
  process.env.E2E_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  process.env.E2E_OUTPUT_DIR = path.join(RESULTS_ROOT, `run-${process.pid}`);
  removeResultsOfEndedRuns();
}

/**
 * Playwright empties its output folder when a run starts: one shared folder meant that a second run in the same
 * checkout deleted the first one's traces and attachments while it ran. Each run gets `test-results/run-<pid>`;
 * the folders of runs whose process has ended are removed here, so only running and the last runs' failures stay.
 */
function removeResultsOfEndedRuns() {
  if (!existsSync(RESULTS_ROOT)) return;
  for (const entry of readdirSync(RESULTS_ROOT)) {
    const pid = Number(/^run-(\d+)$/.exec(entry)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) {
      rmSync(path.join(RESULTS_ROOT, entry), { recursive: true, force: true });
    }
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
/** `SHOTS=1 npx playwright test screenshots` writes review screenshots to /tmp/shots; never part of a normal run. */
const onDemand = process.env.SHOTS ? [] : [/screenshots\.spec/];

export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.E2E_OUTPUT_DIR,
  testIgnore: onDemand,
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: "list",
  use: {
    baseURL,
    // Recording a trace costs about a fifth of the run's CPU (measured on 14 tests: 76 to 58 CPU-seconds without
    // it), and CI's browser run is CPU-bound. So CI records only a test's retry, which is also what a failure or a
    // flake needs to be read; by hand (no retries) every test records and keeps the trace of a failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // The production build registers a service worker that answers navigations and API reads; page.route mocks
    // would not see what it handles. Only e2e/pwa.spec.ts lets it run.
    serviceWorkers: "block",
    // The headless shell; e2e/pwa.spec.ts asks for the full browser (e2e/support/browser.ts).
    launchOptions: chromiumLaunchOptions(HEADLESS_SHELL),
  },
  // Which test runs at which viewport (docs/testing.md): `*.desktop.spec.ts` files and tests tagged `@desktop` run on
  // desktop only (flows whose behaviour does not depend on the layout); `*.mobile.spec.ts` files and tests tagged
  // `@mobile` at 390 px only; everything else in both.
  projects: [
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: [...onDemand, /\.mobile\.spec/],
      grepInvert: /@mobile/,
    },
    {
      name: "mobile",
      // Device scale 1: no test compares pixels and the app never reads devicePixelRatio, while scale 2 has
      // Chromium raster four times the pixels on every paint. The on-demand review screenshots (SHOTS=1) keep 2.
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: process.env.SHOTS ? 2 : 1,
      },
      testIgnore: [...onDemand, /\.desktop\.spec/],
      grepInvert: /@desktop/,
    },
  ],
  webServer: {
    command: `node ${process.env.JARGON_DIST ?? "dist"}/server/main.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A fresh database migrates at start: on PGlite about 30 s idle, over 120 s measured on a 2-core machine under
    // load; on a PostgreSQL server about 11 s under the same load.
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? "",
      SCHEDULER: "off",
      LOG_LEVEL: "warn",
      ADMIN_EMAILS: "admin@jargon.test",
      SUPPORT_EMAIL: "help@jargon.test",
      // e2e/pwa.spec.ts's push service runs on http://127.0.0.1 (refused by default: issue 24).
      PUSH_TEST_SERVICE: "loopback",
      // Embedded PGlite in DATA_DIR by default. `npm test` names a fresh database on its throwaway PostgreSQL
      // (E2E_DATABASE_URL, docs/testing.md); a real database is never inherited from the shell, nor a mail server
      // or identity provider.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      SMTP_URL: "",
      OIDC_ISSUER_URL: "",
      OIDC_CLIENT_ID: "",
      OIDC_CLIENT_SECRET: "",
      TWILIO_ACCOUNT_SID: "",
      TWILIO_AUTH_TOKEN: "",
      TWILIO_FROM: "",
      TWILIO_MESSAGING_SERVICE_SID: "",
    },
  },
});
