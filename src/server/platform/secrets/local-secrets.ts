import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Secrets the embedded default needs (the session signing key today; VAPID keys next) are generated on first
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

/** The configuration with the generated session secret replaced by the one kept in the data directory. */
export function withLocalSecrets<
  T extends { dataDir: string; sessionSecret: string; sessionSecretSource: string },
>(config: T): T {
  if (config.sessionSecretSource !== "generated") return config;
  return {
    ...config,
    sessionSecret: readOrCreateLocalSecret(config.dataDir, "session-secret", randomSecret),
  };
}
