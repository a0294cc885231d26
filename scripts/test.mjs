// `npm test`: unit + integration tests (Vitest), then a production build, then browser tests (Playwright).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function step(title, command, args, env = process.env) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`\n${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
}

if (!existsSync(CHROMIUM)) {
  console.error(
    `Browser tests need Chromium at ${CHROMIUM}, and none was found.\n` +
      "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to another Chromium binary)",
  );
  process.exit(1);
}

ensureDir(".tmp/results");
const counts = { passed: 0, failed: 0, skipped: 0 };

function vitest(title, name, env) {
  const report = `.tmp/results/vitest-${name}.json`;
  step(
    title,
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    env,
  );
  const result = JSON.parse(readFileSync(report, "utf8"));
  counts.passed += result.numPassedTests;
  counts.failed += result.numFailedTests;
  counts.skipped += result.numPendingTests + result.numTodoTests;
}

if (process.env.TEST_DATABASE_URL) {
  // CI gives us a PostgreSQL server: run the integration tests on it, and on the embedded PGlite too.
  vitest("Unit and integration tests (PostgreSQL)", "postgres", process.env);
  const { TEST_DATABASE_URL: _server, ...embedded } = process.env;
  vitest("Unit and integration tests (PGlite)", "pglite", embedded);
} else {
  vitest("Unit and integration tests (PGlite)", "pglite", process.env);
}
step("Production build", "npm", ["run", "--silent", "build"]);
step("Browser tests", "npx", ["playwright", "test", "--reporter=list,json"], {
  ...process.env,
  PLAYWRIGHT_JSON_OUTPUT_NAME: ".tmp/results/playwright.json",
});
const browser = JSON.parse(readFileSync(".tmp/results/playwright.json", "utf8")).stats;
counts.passed += browser.expected + browser.flaky;
counts.failed += browser.unexpected;
counts.skipped += browser.skipped;

// One closing line for whoever reads the log (CI included): every test of every runner.
console.log(`\nTotal: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
