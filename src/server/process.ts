import type { Logger } from "pino";
import { ConfigError, loadConfig, type Config } from "./config";
import { withLocalSecrets } from "./platform/secrets/local-secrets";

/**
 * Reads the configuration (with the secrets an embedded default keeps in its data directory), or stops the
 * process with the message naming the wrong variable.
 */
export function loadConfigOrExit(): Config {
  try {
    return withLocalSecrets(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Runs `stop` once on SIGINT or SIGTERM, then exits. */
export function exitOnSignal(log: Logger, message: string, stop: () => Promise<void>): void {
  let stopping = false;
  const handle = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, message);
    await stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void handle("SIGINT"));
  process.on("SIGTERM", () => void handle("SIGTERM"));
}

export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
