// One dispatch worker of the dispatch benchmark, in its own process as `npm run worker` would be: opens the
// database, says "ready", waits for "go" on stdin (so process start-up is not timed), dispatches every due
// subscription (claims are SKIP LOCKED, so several of these share the slot), then prints its figures as JSON.
import { once } from "node:events";
import { performance } from "node:perf_hooks";
import pino from "pino";
import { createContext } from "../../src/server/bootstrap";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { dispatchAllDue } from "../../src/server/features/delivery/service";
import { AdjustableClock } from "../../src/server/platform/clock/clock";
import { recordingChannel } from "../../src/server/testing/recording-channel";

export interface DispatchWorkerFigures {
  delivered: number;
  seconds: number;
  /** Peak resident set of this process over its whole life, in MiB. */
  peakRssMib: number;
}

const handle = await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL!, poolSize: 2 });
const { ctx } = await createContext(
  loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
  pino({ level: "silent" }),
  {
    // As src/server/worker.ts opens it.
    answersHttp: false,
    database: handle,
    clock: new AdjustableClock(new Date(process.env.DISPATCH_AT!)),
    // SMS and push through provider doubles, so dispatch queues their sends as it would with the real ones.
    channels: [recordingChannel("sms"), recordingChannel("push")],
  },
);
process.stdout.write("ready\n");
await once(process.stdin, "data");
const started = performance.now();
const { delivered } = await dispatchAllDue(ctx);
const figures: DispatchWorkerFigures = {
  delivered,
  seconds: (performance.now() - started) / 1000,
  peakRssMib: Math.round(process.resourceUsage().maxRSS / 1024),
};
await handle.close();
process.stdout.write(`${JSON.stringify(figures)}\n`);
process.exit(0);
