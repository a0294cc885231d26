import { performance } from "node:perf_hooks";
import { buildApp } from "./app";
import { createContext } from "./bootstrap";
import { createLogger } from "./logger";
import { startBackgroundJobs } from "./jobs";
import { exitOnSignal, loadConfigOrExit, runMain } from "./process";

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfigOrExit();
  const log = createLogger(config);
  const opened = await createContext(config, log, { library: "full" });
  const app = await buildApp(opened.ctx, { serveClient: true });
  await app.listen({ port: config.port, host: config.host });
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
