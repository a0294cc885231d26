import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR_MS } from "@shared/constants";
import { LOCK_SCOPE } from "@server/db/advisory-lock";
import { backgroundJobs } from "@server/jobs";
import { createTestApp, type TestApp } from "@server/testing/test-app";
import { startJobLoop, type JobDefinition } from "./job-loop";

/** Generous: the machine running the suite may be busy. */
const POLL = { timeout: 10_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the background job loop", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the dispatcher, one sender per registered channel, the billing sweep, the purge and the refit", () => {
    const jobs = backgroundJobs(t.ctx.channels);
    expect(jobs.map((job) => job.name)).toEqual([
      "billing-sweep",
      "dispatch-deliveries",
      ...[...t.ctx.channels.keys()].map((channel) => `send-${channel}`),
      "purge-expired-data",
      "fit-personal-parameters",
    ]);
    for (const name of ["purge-expired-data", "fit-personal-parameters"]) {
      expect(jobs.find((job) => job.name === name)).toMatchObject({ exclusive: true });
    }
  });

  it("runs each job when its interval (on ctx.clock) has passed, in order, and survives a job's failure", async () => {
    const runs: string[] = [];
    const jobs: JobDefinition[] = [
      { name: "hourly", intervalMs: HOUR_MS, run: async () => void runs.push("hourly") },
      {
        name: "broken",
        intervalMs: 0,
        run: async () => {
          runs.push("broken");
          throw new Error("boom");
        },
      },
      { name: "every-round", intervalMs: 0, run: async () => void runs.push("every-round") },
    ];
    const loop = startJobLoop(t.ctx, jobs, { idleMs: 5 });
    await expect
      .poll(() => runs.filter((name) => name === "every-round").length, POLL)
      .toBeGreaterThanOrEqual(3);
    expect(runs.slice(0, 3)).toEqual(["hourly", "broken", "every-round"]);
    expect(runs.filter((name) => name === "hourly")).toHaveLength(1);
    t.clock.advance(HOUR_MS);
    await expect.poll(() => runs.filter((name) => name === "hourly").length, POLL).toBe(2);
    await loop.stop();
  });

  it("skips an exclusive job while another instance holds its lock", async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: "solo",
      intervalMs: 0,
      exclusive: true,
      run: async () => void (runs += 1),
    };
    let release: (() => void) | undefined;
    const held = t.ctx.locks.withLock(LOCK_SCOPE.job, "solo", () => new Promise<void>((r) => (release = r)));
    await expect.poll(() => release, POLL).toBeDefined(); // held (on PostgreSQL, once the lock is granted)
    const loop = startJobLoop(t.ctx, [job], { idleMs: 5 });
    await sleep(100);
    expect(runs).toBe(0);
    release!();
    await held;
    await expect.poll(() => runs, POLL).toBeGreaterThan(0);
    await loop.stop();
  });

  it("stop() waits for the job in hand, which sees shouldStop between its batches", async () => {
    let batches = 0;
    let finished = false;
    const job: JobDefinition = {
      name: "batches",
      intervalMs: 0,
      run: async (_ctx, control) => {
        while (!control.shouldStop()) {
          batches += 1;
          await sleep(10);
        }
        finished = true;
      },
    };
    const loop = startJobLoop(t.ctx, [job], { idleMs: 5 });
    await expect.poll(() => batches, POLL).toBeGreaterThan(2);
    await loop.stop();
    expect(finished).toBe(true);
  });
});
