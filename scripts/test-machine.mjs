// What `npm test` needs from the machine beyond node_modules: Debian's Chromium (its headless shell for the browser
// tests, the full browser for the push spec) with the fonts the screenshots use, and a PostgreSQL server for the
// `*.postgres.test.ts` files. Missing pieces are installed with apt-get (as root, or through passwordless sudo);
// where neither is possible the run stops with the one command to type.
// SETUP_DRY_RUN=1 prints what would be installed or started, changes nothing, and stops the run.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The two Chromium builds e2e/support/browser.ts launches, by Debian package; CHROMIUM_PATH replaces both. */
const CHROMIUM_PACKAGES = process.env.CHROMIUM_PATH
  ? { chromium: process.env.CHROMIUM_PATH }
  : { "chromium-headless-shell": "/usr/bin/chromium-headless-shell", chromium: "/usr/bin/chromium" };
const LIBERATION_FONTS = "/usr/share/fonts/truetype/liberation";
const POSTGRES_ROOT = "/usr/lib/postgresql";
const dryRun = process.env.SETUP_DRY_RUN === "1";

function succeeds(command, args) {
  return spawnSync(command, args, { stdio: "ignore" }).status === 0;
}

/** How this process may run apt-get: directly (root), through passwordless sudo, or not at all. */
function aptPrefix() {
  if (process.getuid?.() === 0) return [];
  if (succeeds("sudo", ["-n", "true"])) return ["sudo"];
  return null;
}

function postgresBinDir() {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(path.join(POSTGRES_ROOT, version, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(POSTGRES_ROOT, versions[0], "bin") : null;
}

/** Installs the Debian packages the suite lacks; returns false after explaining when it cannot. */
export function installMissingPackages({ needPostgres }) {
  const packages = [];
  // The emoji font with Chromium: topics carry emoji icons, which screenshots would otherwise show as boxes.
  const missingChromium = Object.entries(CHROMIUM_PACKAGES).filter(([, binary]) => !existsSync(binary));
  if (missingChromium.length > 0)
    packages.push(...missingChromium.map(([name]) => name), "fonts-noto-color-emoji");
  if (!existsSync(LIBERATION_FONTS)) packages.push("fonts-liberation");
  if (needPostgres && !postgresBinDir()) packages.push("postgresql");
  if (packages.length === 0) return true;

  const prefix = aptPrefix();
  const install = ["apt-get", "install", "-y", "--no-install-recommends", ...packages];
  if (prefix === null || !existsSync("/usr/bin/apt-get")) {
    console.error(
      `\nThe tests need ${packages.join(", ")}, and this user can install nothing (no root, no passwordless sudo).\n` +
        `Run once: sudo apt-get update && sudo ${install.join(" ")}\n` +
        "(or point CHROMIUM_PATH at another Chromium, and TEST_DATABASE_URL at a PostgreSQL server)",
    );
    return false;
  }
  const command = [...prefix, ...install].join(" ");
  console.log(`\n=== Installing what the tests need: ${packages.join(", ")} ===\n${command}`);
  if (dryRun) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["apt-get", "update", "-qq"],
    [...install, "-qq"],
  ]) {
    const [command, ...rest] = [...prefix, ...args];
    const result = spawnSync(command, rest, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`\n${[command, ...rest].join(" ")} failed (exit ${result.status ?? result.signal}).`);
      return false;
    }
  }
  return true;
}

/**
 * A throwaway PostgreSQL cluster in a temporary directory on a free random port, stopped and deleted when this
 * process exits. Root cannot run initdb, so as root the cluster belongs to the `postgres` user the package creates.
 * Returns its connection URL.
 */
export function startThrowawayPostgres() {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), "jargon-test-pg-"));
  const asRoot = process.getuid?.() === 0;
  const asOwner = (command, args) =>
    spawnSync(asRoot ? "runuser" : command, asRoot ? ["-u", "postgres", "--", command, ...args] : args, {
      // From /, which the postgres user can enter (a clone's own directory may be private to root).
      cwd: "/",
      encoding: "utf8",
    });
  if (asRoot) {
    const owner = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(owner.stdout), Number(group.stdout));
  }
  const data = path.join(dir, "data");
  const log = path.join(dir, "log");
  const init = asOwner(path.join(bin, "initdb"), ["--auth=trust", "--no-sync", "-U", "postgres", "-D", data]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr}`);
  const stop = () => {
    asOwner(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
    rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(1));

  // A random port may be taken on a shared machine: try a few, and show why the last one failed.
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const port = 56000 + Math.floor(Math.random() * 4000);
    const options = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    const start = asOwner(path.join(bin, "pg_ctl"), ["-D", data, "-l", log, "-w", "-o", options, "start"]);
    if (start.status === 0) {
      console.log(
        `Started a throwaway PostgreSQL (${path.basename(path.dirname(bin))}) on 127.0.0.1:${port}`,
      );
      return `postgres://postgres@127.0.0.1:${port}/postgres`;
    }
    console.log(
      `PostgreSQL did not start on port ${port} (attempt ${attempt}):\n${start.stdout}${start.stderr}`,
    );
  }
  throw new Error("PostgreSQL did not start; see the attempts above.");
}
