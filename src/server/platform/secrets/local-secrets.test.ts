import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { ConfigError, loadConfig } from "@server/config";
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

  it("leaves SESSION_SECRET and VAPID keys from the environment alone and writes nothing", () => {
    const DATA_DIR = dataDir();
    const vapid = webpush.generateVAPIDKeys();
    const config = withLocalSecrets(
      loadConfig({
        DATA_DIR,
        SESSION_SECRET: "from-the-environment",
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: "https://jargon.example.com/contact",
      }),
    );
    expect(config.sessionSecret).toBe("from-the-environment");
    expect(config.vapid).toEqual({ ...vapid, subject: "https://jargon.example.com/contact", source: "env" });
    expect(() => statSync(path.join(DATA_DIR, "secrets"))).toThrow();
  });

  it("generates the VAPID key pair on first start and keeps it, so browsers' subscriptions survive restarts", () => {
    const DATA_DIR = dataDir();
    const first = withLocalSecrets(loadConfig({ DATA_DIR, SUPPORT_EMAIL: "help@jargon.test" }));
    const second = withLocalSecrets(loadConfig({ DATA_DIR }));
    expect(second.vapid.publicKey).toBe(first.vapid.publicKey);
    expect(second.vapid.privateKey).toBe(first.vapid.privateKey);
    expect(Buffer.from(first.vapid.publicKey, "base64url")).toHaveLength(65);
    expect(first.vapid.subject).toBe("mailto:help@jargon.test");
    const file = path.join(DATA_DIR, "secrets", "vapid-keys.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      publicKey: first.vapid.publicKey,
      privateKey: first.vapid.privateKey,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(withLocalSecrets(loadConfig({ DATA_DIR: dataDir() })).vapid.publicKey).not.toBe(
      first.vapid.publicKey,
    );
  });

  it("refuses half a VAPID key pair or a key that is not one", () => {
    const { publicKey } = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: "def" })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "support@example.com" })).toThrow(/VAPID_SUBJECT/);
  });
});
