import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startTestIssuer, type TestIssuer } from "../src/server/testing/oidc-issuer";
import { freePort } from "./support/free-port";

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  // A fresh server migrates and seeds its own embedded database before it answers: up to 90 s on a loaded machine
  // (the gate's run hit the old 30 s under a load of 10).
  for (let attempt = 0; attempt < 450; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not become healthy");
}

// Its own server, configured for an OpenID Connect provider (the shared e2e server uses magic links).
test.describe("sign-in through an OpenID Connect provider", () => {
  let issuer: TestIssuer;
  let server: ChildProcess;
  let appUrl: string;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    issuer = await startTestIssuer({
      redirectUri: `${appUrl}/api/callback`,
      accounts: { ada: { email: "ada@lovelace.example", given_name: "Ada", family_name: "Lovelace" } },
    });
    dataDir = mkdtempSync(path.join(tmpdir(), "jargon-e2e-oidc-"));
    server = spawn(process.execPath, ["dist/server/main.js"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: appUrl,
        DATA_DIR: dataDir,
        SCHEDULER: "off",
        LOG_LEVEL: "warn",
        OIDC_ISSUER_URL: issuer.issuerUrl,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
      },
      stdio: "inherit",
    });
    await waitForHealth(appUrl, server);
  });

  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await issuer?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the login button leads through the provider and back, signed in", async ({ page }) => {
    await page.goto(`${appUrl}/api/login`);
    await expect(page).toHaveURL(new RegExp(`^${issuer.issuerUrl}/interaction/`));
    await page.locator('input[name="login"]').fill("ada");
    await page.locator('input[name="password"]').fill("any password");
    await page.locator('button[type="submit"]').click();

    await page.waitForURL(`${appUrl}/`);
    const user = await page.evaluate(async () => (await fetch("/api/auth/user")).json());
    expect(user).toMatchObject({ email: "ada@lovelace.example", firstName: "Ada", lastName: "Lovelace" });

    await page.goto(`${appUrl}/api/logout`);
    const after = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
    expect(after).toBe(401);
  });
});
