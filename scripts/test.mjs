// `npm test`, the one gate (CI runs exactly this): lint, typecheck and the format check, then the unit and
// integration tests (Vitest on PGlite, and the `*.postgres.test.ts` files on PostgreSQL), a production build, and the
// browser tests (Playwright). docs/testing.md says which test runs where, and why.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";
import { installMissingPackages, startThrowawayPostgres } from "./test-machine.mjs";

const started = Date.now();
const timings = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function step(title, command, args, env = process.env) {
  console.log(`\n=== ${title} ===`);
  const begun = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  timings.push(`${title}: ${seconds(Date.now() - begun)}`);
  if (result.status !== 0) {
    console.error(`\n${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/** Runs the static checks side by side (each prints when it ends) and fails after all ended if any failed. */
async function staticChecks(checks) {
  console.log(`\n=== ${checks.map((check) => check.title).join(", ")} ===`);
  const begun = Date.now();
  const results = await Promise.all(
    checks.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (code) => {
            console.log(`\n--- ${title}: ${code === 0 ? "ok" : `FAILED (exit ${code})`}`);
            if (code !== 0 || output.trim()) process.stdout.write(output);
            resolve({ title, ok: code === 0 });
          });
        }),
    ),
  );
  timings.push(`Static checks: ${seconds(Date.now() - begun)}`);
  const failed = results.filter((result) => !result.ok).map((result) => result.title);
  if (failed.length > 0) {
    console.error(`\n${failed.join(", ")} failed: fix that before the tests run.`);
    process.exit(1);
  }
}

await staticChecks([
  { title: "Lint (eslint)", command: "npx", args: ["eslint", "--max-warnings=0", "."] },
  { title: "Typecheck (tsc)", command: "npx", args: ["tsc", "--noEmit", "-p", "tsconfig.json"] },
  {
    title: "Format (prettier --check)",
    command: "npx",
    args: ["prettier", "--check", "--log-level=warn", "."],
  },
]);

if (!installMissingPackages({ needPostgres: !process.env.TEST_DATABASE_URL })) process.exit(1);
const postgresUrl = process.env.TEST_DATABASE_URL ?? startThrowawayPostgres();

// Each run writes its JSON reports to its own folder, `.tmp/results/run-<pid>`: at fixed paths two runs in one
// checkout overwrote each other's reports and counted the other run's tests. The folders of ended runs go.
const RESULTS_ROOT = ".tmp/results";
const reports = `${RESULTS_ROOT}/run-${process.pid}`;
for (const entry of existsSync(RESULTS_ROOT) ? readdirSync(RESULTS_ROOT) : []) {
  const pid = Number(/^run-(\d+)$/.exec(entry)?.[1]);
  if (pid && !isRunning(pid)) rmSync(`${RESULTS_ROOT}/${entry}`, { recursive: true, force: true });
}
mkdirSync(reports, { recursive: true });
const counts = { passed: 0, failed: 0, skipped: 0 };

function vitest(title, name, env, files = []) {
  const report = `${reports}/vitest-${name}.json`;
  step(
    title,
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...files],
    env,
  );
  const result = JSON.parse(readFileSync(report, "utf8"));
  counts.passed += result.numPassedTests;
  counts.failed += result.numFailedTests;
  counts.skipped += result.numPendingTests + result.numTodoTests;
}

// Every file on the embedded PGlite; the files whose behaviour can differ between the two engines (named
// `*.postgres.test.ts`) again on the PostgreSQL server.
const { TEST_DATABASE_URL: _server, ...embedded } = process.env;
vitest("Unit and integration tests (PGlite)", "pglite", embedded);
vitest(
  "Integration tests that differ by engine (PostgreSQL)",
  "postgres",
  {
    ...process.env,
    TEST_DATABASE_URL: postgresUrl,
  },
  [".postgres.test.ts"],
);
step("Production build", "npm", ["run", "--silent", "build"]);

/** An empty database of that name on the PostgreSQL server (dropped first if a previous run left it); its URL. */
async function freshDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let flakyBrowserTests = 0;
function playwright(title, name, args, env) {
  const report = `${reports}/playwright-${name}.json`;
  step(title, "npx", ["playwright", "test", "--reporter=list,json", ...args], {
    ...process.env,
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const { stats } = JSON.parse(readFileSync(report, "utf8"));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
  flakyBrowserTests += stats.flaky;
}

// The browser tests' server on a fresh database of the PostgreSQL server: its SQL runs in other processes, where
// the embedded PGlite would run it in the server's own event loop, queuing both workers' requests, and it migrates
// in seconds rather than a minute or two. The embedded default still gets one whole learner's story in the browser.
playwright("Browser tests (PostgreSQL)", "postgres", [], {
  E2E_DATABASE_URL: await freshDatabase(postgresUrl, "jargon_e2e"),
});
playwright(
  "Browser test on the embedded database (PGlite)",
  "pglite",
  ["e2e/learning-flow.desktop.spec.ts", "--project=desktop"],
  { E2E_DATABASE_URL: "" },
);

console.log(`\nStep times: ${timings.join("; ")}; whole run: ${seconds(Date.now() - started)}`);
if (flakyBrowserTests > 0) console.log(`Browser tests that passed only on a retry: ${flakyBrowserTests}`);
// One closing line for whoever reads the log (CI included): every test of every runner.
console.log(`\nTotal: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
