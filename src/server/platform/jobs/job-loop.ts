import type { AppContext } from "@server/context";
import { LOCK_SCOPE } from "@server/db/advisory-lock";

export interface JobControl {
  /** True once the loop is stopping: a job that works in batches checks it between batches. */
  shouldStop(): boolean;
}

/** Counts a run reports (delivered, sent, purged…); a run whose counts are all zero is not logged. */
export type JobReport = Record<string, number>;

/**
 * One background job: what the loop needs to know about it, and nothing of how it works. Features define their
 * jobs; src/server/jobs.ts lists them.
 */
export interface JobDefinition {
  /** Names the job in logs and, for exclusive jobs, in its advisory lock. */
  name: string;
  /** Least time between two runs in this process, by ctx.clock (0: every round of the loop). */
  intervalMs: number;
  /**
   * Only one instance on the database may run it at a time: the run takes a PostgreSQL advisory lock, and an
   * instance that finds it taken skips the run (and tries again after the interval). Jobs whose work is already
   * claimed row by row (SKIP LOCKED) need none.
   */
  exclusive?: boolean;
  run(ctx: AppContext, control: JobControl): Promise<JobReport | void>;
}

/** Pause between rounds of the loop. */
export const JOB_LOOP_IDLE_MS = 1000;

export interface RunningJobs {
  /** Stops starting jobs, lets the one in hand finish its batch, then resolves. */
  stop(): Promise<void>;
}

/**
 * Runs a list of jobs forever: each round runs, in order, every job whose interval has passed, then sleeps. One
 * job's failure is logged and does not stop the others. Inside the server (unless SCHEDULER=off) and in
 * `npm run worker`.
 */
export function startJobLoop(
  ctx: AppContext,
  jobs: readonly JobDefinition[],
  options: { idleMs?: number } = {},
): RunningJobs {
  const idleMs = options.idleMs ?? JOB_LOOP_IDLE_MS;
  let stopping = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const control: JobControl = { shouldStop: () => stopping };
  const lastRunAt = new Map<string, number>();

  const loop = (async () => {
    ctx.log.info({ database: ctx.dbKind, jobs: jobs.map((job) => job.name) }, "background jobs started");
    while (!stopping) {
      for (const job of jobs) {
        if (stopping) break;
        const now = ctx.clock.now().getTime();
        if (now - (lastRunAt.get(job.name) ?? Number.NEGATIVE_INFINITY) < job.intervalMs) continue;
        lastRunAt.set(job.name, now);
        await runJob(ctx, job, control);
      }
      if (!stopping) await sleep(idleMs);
    }
    ctx.log.info("background jobs stopped");
  })();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}

/** Runs one job once (under its lock when exclusive), logging what it did or why it failed. */
export async function runJob(ctx: AppContext, job: JobDefinition, control: JobControl): Promise<void> {
  try {
    const outcome = job.exclusive
      ? await ctx.locks.tryWithLock(LOCK_SCOPE.job, job.name, () => job.run(ctx, control))
      : { acquired: true as const, value: await job.run(ctx, control) };
    if (!outcome.acquired) {
      ctx.log.debug({ job: job.name }, "job skipped: another instance is running it");
      return;
    }
    const report = outcome.value;
    if (report && Object.values(report).some((count) => count !== 0))
      ctx.log.info({ job: job.name, ...report }, "job ran");
  } catch (error) {
    ctx.log.error({ err: error, job: job.name }, "job failed; it runs again next time it is due");
  }
}
