// Helpers shared by the benchmark files: a fresh database per benchmark, child servers, load runs, printing.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The PostgreSQL server bench/run.ts prepared (or the one the caller named). */
export function benchServerUrl(): string {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error("BENCH_DATABASE_URL is not set: run benchmarks through `npm run bench`.");
  return url;
}

/**
 * A new database on the bench server, empty or a file copy of `template` (a bench database nobody is connected to);
 * drop() removes it.
 */
export async function createBenchDatabase(
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const serverUrl = benchServerUrl();
  const name = `jargon_bench_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // A closed pool's connections (and a listener's) may still be saying goodbye: a copy needs the template alone.
  if (template)
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${template}'`);
  await admin(
    template ? `create database ${name} template ${template} strategy file_copy` : `create database ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * The pid of the PostgreSQL server at `url` (its postmaster) when it runs on this machine, to measure its CPU time;
 * undefined elsewhere.
 */
export async function localPostmasterPid(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const backend = rows[0]!.pid;
    if (!readFileSync(`/proc/${backend}/comm`, "utf8").startsWith("postgres")) return undefined;
    return Number(statOf(backend)[1]);
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts a TypeScript entry point in its own Node process (a server under load must not share our event loop), with
 * the Node flags `npm start` gives the server (SERVER_NODE_FLAGS): every server a bench compares, the baselines too.
 * With BENCH_CPU_PROF=<dir> each such process writes a V8 CPU profile there when it exits (open it in Chrome's
 * DevTools): where a server's time goes under the bench's load.
 */
export function startNode(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...cpuProfileFlags(), "--import", "tsx", path.join(ROOT, entry)],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}

/** The Node flags that have a process write its V8 CPU profile into BENCH_CPU_PROF when it exits (none without it). */
export const cpuProfileFlags = (): string[] =>
  process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

export async function waitForOk(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export interface LoadFigures {
  requestsPerSecond: number;
  /** CPU time the server process spent per request (user + system), when its pid was given: steadier than req/s on a busy machine. */
  cpuMicrosPerRequest?: number;
  /** CPU time PostgreSQL spent per request (all its processes), when its postmaster's pid was given. */
  databaseCpuMicrosPerRequest?: number;
  /** CPU time the load generator (autocannon, in this process) spent per request. */
  loadGeneratorCpuMicrosPerRequest: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/**
 * A short warm-up, then the measured run; `rotateCookies` sends each request with the next cookie of the list.
 * The rotating requests are built before the run, each the bytes autocannon itself writes for that cookie (request
 * line, Host, Connection: keep-alive, then the cookie), and each connection takes the next one when it sends: the
 * server sees what it saw when autocannon built every request anew (its `setupRequest`), which cost autocannon 9-10
 * µs of CPU a request more (33-35 against 24-25 µs, against one raw server in one run), a cost of the measurement
 * that the bare route's client, one request built once, did not have.
 */
export async function load(
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    rotateCookies?: string[];
    /** The server's process id, to measure its CPU time per request (Linux: /proc). */
    serverPid?: number;
    /** The PostgreSQL postmaster's process id, when it runs on this machine: its processes' CPU time per request. */
    databasePid?: number;
  },
): Promise<LoadFigures> {
  const rotating = options.rotateCookies && requestsWithCookies(url, options.rotateCookies);
  let next = 0;
  const base = {
    url,
    connections: options.connections,
    headers: options.headers ?? {},
    ...(rotating
      ? {
          setupClient: (client: { getRequestBuffer(): Buffer }) => {
            client.getRequestBuffer = () => rotating[next++ % rotating.length]!;
          },
        }
      : {}),
  };
  await autocannon({ ...base, duration: 2 });
  const cpuBefore = options.serverPid === undefined ? 0 : cpuMicrosOf(options.serverPid);
  const databaseCpuBefore = options.databasePid === undefined ? 0 : treeCpuMicrosOf(options.databasePid);
  const ownCpuBefore = process.cpuUsage();
  const result = await autocannon({ ...base, duration: options.seconds });
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const cpuMicros = options.serverPid === undefined ? 0 : cpuMicrosOf(options.serverPid) - cpuBefore;
  const perRequest = (micros: number) => Math.round(micros / Math.max(1, result.requests.total));
  return {
    requestsPerSecond: Math.round(result.requests.average),
    ...(options.serverPid === undefined ? {} : { cpuMicrosPerRequest: perRequest(cpuMicros) }),
    ...(options.databasePid === undefined
      ? {}
      : {
          databaseCpuMicrosPerRequest: perRequest(treeCpuMicrosOf(options.databasePid) - databaseCpuBefore),
        }),
    loadGeneratorCpuMicrosPerRequest: perRequest(ownCpu.user + ownCpu.system),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** One GET of `url` per cookie, as autocannon writes a request (see load). */
function requestsWithCookies(url: string, cookies: string[]): Buffer[] {
  const { host, pathname, search } = new URL(url);
  const head = `GET ${pathname}${search} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\ncookie: `;
  return cookies.map((cookie) => Buffer.from(`${head}${cookie}\r\n\r\n`, "latin1"));
}

/** User + system CPU time a process has used so far, in microseconds (fields 14 and 15 of /proc/<pid>/stat, in ticks of 1/100 s). */
function cpuMicrosOf(pid: number): number {
  const fields = statOf(pid);
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The fields of /proc/<pid>/stat after the command's name: the state is [0], the parent's pid [1]. */
const statOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");

/**
 * CPU time used so far by a process and its children that are still running (PostgreSQL: the postmaster, one
 * process per connection, its background writers). A connection closed during a round would take its time with
 * it; the servers under load keep theirs open.
 */
function treeCpuMicrosOf(pid: number): number {
  let total = cpuMicrosOf(pid);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statOf(Number(entry))[1]) === pid) total += cpuMicrosOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export const verdict = (ok: boolean) => (ok ? "meets target" : "MISSES target");

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}
