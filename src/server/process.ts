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

/**
 * The longest a shutdown may take. Past it the process exits anyway: a mail server that accepted the connection
 * and stopped answering, or a stuck query, must not keep a process that was told to stop (a deploy, a scale-down)
 * alive. Work cut short is safe to cut: claimed e-mails and subscriptions are picked up again when their lease
 * runs out. Under the 30 s most supervisors (Kubernetes, systemd, Docker) wait before SIGKILL.
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits 0; exits 1 when `stop` fails, when it takes longer than
 * the deadline, or on a second signal (someone is impatient: do as told).
 */
export function exitOnSignal(
  log: Logger,
  message: string,
  stop: () => Promise<void>,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
): void {
  let stopping = false;
  const handle = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, "second signal during shutdown: exiting now");
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, deadlineMs }, message);
    const deadline = setTimeout(() => {
      log.error({ deadlineMs }, "shutdown deadline passed: exiting with work unfinished");
      process.exit(1);
    }, deadlineMs);
    try {
      await stop();
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
    clearTimeout(deadline);
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
