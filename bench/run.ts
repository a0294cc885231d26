// `npm run bench`: runs every bench/*.bench.ts in turn (the soak only when named), each in its own process,
// against a real PostgreSQL.
// BENCH_DATABASE_URL names a server to use; without it a throwaway cluster is started here (as in .ci/run).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./lib";

function startThrowawayCluster(): { url: string; stop(): void } {
  const versions = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b))
    : [];
  const version = versions.at(-1);
  if (!version)
    throw new Error(
      "No PostgreSQL binaries under /usr/lib/postgresql: install postgresql or set BENCH_DATABASE_URL.",
    );
  const bin = `/usr/lib/postgresql/${version}/bin`;
  const dir = mkdtempSync(path.join(tmpdir(), "jargon-bench-pg-"));
  const port = 56000 + Math.floor(Math.random() * 4000);
  const asPostgres = (command: string, args: string[]) =>
    execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args], {
      stdio: "ignore",
      cwd: "/", // the postgres user may not be able to enter the checkout
    });
  execFileSync("chown", ["postgres", dir]);
  asPostgres("initdb", ["--auth=trust", "--no-sync", "-U", "postgres", "-D", `${dir}/data`]);
  asPostgres("pg_ctl", [
    "-D",
    `${dir}/data`,
    "-l",
    `${dir}/log`,
    "-w",
    "-o",
    `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    "start",
  ]);
  console.log(`Started a throwaway PostgreSQL ${version} on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres("pg_ctl", ["-D", `${dir}/data`, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const benchDir = path.join(ROOT, "bench");
// Names choose benchmarks; options (`--minutes 2`, `--database=pglite`) are passed on to each one.
const only: string[] = [];
const options: string[] = [];
const argv = process.argv.slice(2);
for (let index = 0; index < argv.length; index += 1) {
  const arg = argv[index]!;
  if (!arg.startsWith("--")) only.push(arg);
  else {
    options.push(arg);
    const value = argv[index + 1];
    if (!arg.includes("=") && value !== undefined && !value.startsWith("--")) {
      options.push(value);
      index += 1;
    }
  }
}
/** Benchmarks that run only when named (`npm run bench -- soak`): long ones, and those that need a build. */
const ON_REQUEST = ["soak.bench.ts", "public-pages.bench.ts"];
/**
 * Named groups, one run for one question. `app-speed` is issue 25's whole report: JavaScript and Lighthouse per
 * signed-in screen (on a fresh build), the poll (hit, 304, miss), and dispatch at 100,000 and 1,000,000
 * subscriptions with 1, 2 and 4 workers, each against its baseline measured in the same run.
 */
const GROUPS: Record<string, { files: string[]; optionsOf: Record<string, string[]> }> = {
  "app-speed": {
    files: ["public-pages.bench.ts", "recent-activity.bench.ts", "dispatch.bench.ts"],
    optionsOf: {
      "public-pages.bench.ts": ["--signed-in"],
      "dispatch.bench.ts": ["--subscriptions", "100000,1000000", "--workers", "1,2,4"],
    },
  },
};
const groups = only.flatMap((name) => GROUPS[name] ?? []);
const optionsOf = (file: string) => [...options, ...groups.flatMap((group) => group.optionsOf[file] ?? [])];
const files = readdirSync(benchDir)
  .filter((file) => file.endsWith(".bench.ts"))
  .filter((file) =>
    only.length === 0
      ? !ON_REQUEST.includes(file)
      : only.some((name) => file.includes(name)) || groups.some((group) => group.files.includes(file)),
  )
  .sort();

/** Pure simulations: when only these run, no PostgreSQL is started. */
const NO_DATABASE = ["learning.bench.ts", "public-pages.bench.ts"];
const needsDatabase = files.some((file) => !NO_DATABASE.includes(file));
// A group measures the build of this checkout as it is now, so it builds first (JARGON_DIST names another build).
if (groups.length > 0 && files.includes("public-pages.bench.ts") && !process.env.JARGON_DIST)
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
const cluster = process.env.BENCH_DATABASE_URL || !needsDatabase ? undefined : startThrowawayCluster();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? cluster?.url;
const env = { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) };
let failed = 0;
try {
  for (const file of files) {
    console.log(`\n=== ${file} ===`);
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(benchDir, file), ...optionsOf(file)],
      {
        stdio: "inherit",
        env,
      },
    );
    if (result.status !== 0) {
      failed += 1;
      console.error(`${file} failed (exit ${result.status ?? result.signal})`);
    }
  }
} finally {
  cluster?.stop();
}
process.exit(failed === 0 ? 0 : 1);
