import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { withLocalSecrets } from "./local-secrets";

describe("secrets of the embedded default", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "jargon-secrets-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("generates a strong session secret on first start and keeps it, readable by this user only", () => {
    const DATA_DIR = dataDir();
    const first = withLocalSecrets(loadConfig({ DATA_DIR }));
    const second = withLocalSecrets(loadConfig({ DATA_DIR }));
    expect(first.sessionSecret).toBe(second.sessionSecret);
    expect(Buffer.byteLength(first.sessionSecret)).toBeGreaterThanOrEqual(32);
    const file = path.join(DATA_DIR, "secrets", "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Another install has another secret.
    expect(withLocalSecrets(loadConfig({ DATA_DIR: dataDir() })).sessionSecret).not.toBe(first.sessionSecret);
  });

  it("leaves a SESSION_SECRET from the environment alone and writes nothing", () => {
    const DATA_DIR = dataDir();
    const config = withLocalSecrets(loadConfig({ DATA_DIR, SESSION_SECRET: "from-the-environment" }));
    expect(config.sessionSecret).toBe("from-the-environment");
    expect(() => statSync(path.join(DATA_DIR, "secrets"))).toThrow();
  });
});
