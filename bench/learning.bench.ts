// The learning loop against today's engine: 1,000 simulated learners over 180 days, each with a hidden memory model
// (FSRS's forgetting curve with weights of their own), taught one word a day. Pure simulation: no database.
// Options: --seed N (default below; printed so a run can be repeated), --learners N, --days N.
import { performance } from "node:perf_hooks";
import {
  mean,
  median,
  reviewsPerRetained,
  RETAINED_RECALL,
  simulate,
  type PolicyResult,
} from "../src/server/features/learning/simulation";
import { printTable } from "./lib";

function option(name: string, fallback: number): number {
  const argv = process.argv.slice(2);
  const index = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index === -1) return fallback;
  const value = Number(argv[index]!.includes("=") ? argv[index]!.split("=")[1] : argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

const seed = option("seed", 20260116);
const learners = option("learners", 1000);
const days = option("days", 180);
console.log(
  `Seed ${seed}: ${learners} learners × ${days} days; retained = recall probability > ${RETAINED_RECALL}`,
);

const started = performance.now();
const runs = [1, 3].map((wordsPerSend) => simulate({ learners, days, seed, wordsPerSend }));
const seconds = (performance.now() - started) / 1000;

const row = (result: PolicyResult) => ({
  policy: result.policy,
  "words delivered (mean)": Math.round(mean(result.introduced)),
  "retained (mean)": Number(mean(result.retained).toFixed(1)),
  "retained (median)": median(result.retained),
  "reviews (mean)": Math.round(mean(result.reviews)),
  "reviews per retained word": Number(reviewsPerRetained(result).toFixed(2)),
});
const today = runs[0]!.today;
printTable(`Words retained at day ${days}`, [row(today), ...runs.map((run) => row(run.loop))]);
for (const run of runs) {
  const ratio = mean(run.loop.retained) / Math.max(mean(today.retained), Number.EPSILON);
  console.log(`${run.loop.policy}: ${ratio.toFixed(1)}× the words retained of today's engine`);
}
console.log(`Simulated in ${seconds.toFixed(1)} s`);
