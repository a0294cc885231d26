import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";
import type { VapidKeys } from "@server/config";

/**
 * Secrets the embedded default needs (the session signing key, the VAPID key pair of web push) are generated on first
 * start and kept in the data directory, readable only by this user, so a default install never signs with a
 * public constant and its links survive a restart. Set the environment variable to manage them yourself.
 */
export function readOrCreateLocalSecret(dataDir: string, name: string, create: () => string): string {
  const file = path.join(dataDir, "secrets", name);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = create();
  try {
    // "wx": when two processes start at once, the second one reads what the first one wrote.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  }
}

export const randomSecret = () => randomBytes(48).toString("base64url");

const storedVapidKeys = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/** The VAPID pair kept in the data directory: one file, so the two halves are always created together. */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const stored = readOrCreateLocalSecret(dataDir, "vapid-keys.json", () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    return JSON.stringify({ publicKey, privateKey });
  });
  try {
    return storedVapidKeys.parse(JSON.parse(stored));
  } catch {
    throw new Error(
      `${path.join(dataDir, "secrets", "vapid-keys.json")} is not a VAPID key pair: remove it or set VAPID_*`,
    );
  }
}

/** The configuration with each generated secret replaced by the one kept in the data directory. */
export function withLocalSecrets<
  T extends {
    dataDir: string;
    sessionSecret: string;
    sessionSecretSource: string;
    vapid: VapidKeys & { source: string };
  },
>(config: T): T {
  return {
    ...config,
    ...(config.sessionSecretSource === "generated"
      ? { sessionSecret: readOrCreateLocalSecret(config.dataDir, "session-secret", randomSecret) }
      : {}),
    ...(config.vapid.source === "generated"
      ? { vapid: { ...config.vapid, ...readOrCreateVapidKeys(config.dataDir) } }
      : {}),
  };
}
