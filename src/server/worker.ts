import { createContext } from "./bootstrap";
import { createLogger } from "./logger";
import { startBackgroundJobs } from "./jobs";
import { exitOnSignal, loadConfigOrExit, runMain } from "./process";

/**
 * `npm run worker`: the delivery engine without the HTTP server. Any number of workers (and servers) may run
 * against one PostgreSQL: they claim different rows with SKIP LOCKED, and each slot has one delivery row.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.database.kind === "pglite") {
    console.error(
      "npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the server process,\n" +
        "which runs the delivery engine itself unless SCHEDULER=off.",
    );
    process.exit(1);
  }
  const log = createLogger(config);
  const opened = await createContext(config, log, { answersHttp: false });
  const scheduler = startBackgroundJobs(opened.ctx);
  log.info({ database: opened.ctx.dbKind, mail: opened.ctx.mailer.kind }, "Jargon worker is running");

  exitOnSignal(log, "worker shutting down after the batch in hand", async () => {
    await scheduler.stop();
    await opened.close();
  });
}

runMain(main);
