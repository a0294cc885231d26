import { performance } from "node:perf_hooks";
import { buildApp } from "./app";
import { createContext } from "./bootstrap";
import { createLogger } from "./logger";
import { startBackgroundJobs } from "./jobs";
import { exitOnSignal, loadConfigOrExit, runMain } from "./process";

/** Pending connections the kernel may queue (Linux caps it at net.core.somaxconn, 4096 by default). */
const LISTEN_BACKLOG = 4096;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfigOrExit();
  const log = createLogger(config);
  const opened = await createContext(config, log, { library: "full" });
  const app = await buildApp(opened.ctx, { serveClient: true });
  // A deep accept queue: after a restart every open tab reconnects within its 2 s poll, and while the event loop is
  // busy with the first (uncached) answers, Node's default of 511 overflows and the kernel resets the excess.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  // SCHEDULER=off leaves the background jobs (delivery among them) to separate `npm run worker` processes.
  const scheduler = config.scheduler ? startBackgroundJobs(opened.ctx) : undefined;
  log.info(
    {
      url: config.appUrl,
      database: opened.ctx.dbKind,
      mail: opened.ctx.mailer.kind,
      startupMs: Math.round(performance.now() - startedAt),
    },
    "Jargon is ready",
  );

  exitOnSignal(log, "shutting down", async () => {
    await scheduler?.stop();
    await app.close();
    await opened.close();
  });
}

runMain(main);
