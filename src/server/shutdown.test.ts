import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "./config";
import { SHUTDOWN_DEADLINE_MS } from "./process";

/** A "mail server" that accepts connections and never says a word (nodemailer waits 30 s for its greeting). */
async function startSilentServer(): Promise<{ port: number; connections: Socket[]; server: Server }> {
  const connections: Socket[] = [];
  const server = createServer((socket) => void connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, connections, server };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("shutdown", () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let dataDir: string;
  beforeAll(async () => {
    silent = await startSilentServer();
    dataDir = mkdtempSync(path.join(tmpdir(), "jargon-shutdown-"));
  });
  afterAll(async () => {
    for (const socket of silent.connections) socket.destroy();
    await new Promise((resolve) => silent.server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`exits within its ${SHUTDOWN_DEADLINE_MS / 1000} s deadline, with status 1, when the mail server hangs`, async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT_DIR, "src/server/main.ts")], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: appUrl,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${silent.port}`,
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      await expect.poll(() => output, { timeout: 90_000, interval: 200 }).toContain("Jargon is ready");

      // A sign-in link to send: the request now waits on the silent mail server.
      const request = fetch(`${appUrl}/api/login/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: appUrl },
        body: JSON.stringify({ email: "someone@example.com" }),
      }).catch(() => undefined);
      await expect.poll(() => silent.connections.length, { timeout: 10_000 }).toBeGreaterThan(0);

      const signalledAt = Date.now();
      child.kill("SIGTERM");
      const code = await exited;
      const tookMs = Date.now() - signalledAt;
      expect(code).toBe(1);
      expect(tookMs).toBeGreaterThanOrEqual(SHUTDOWN_DEADLINE_MS - 500);
      expect(tookMs).toBeLessThan(SHUTDOWN_DEADLINE_MS + 5000);
      expect(output).toContain("shutdown deadline passed");
      await request;
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 150_000);
});
