// `npm run bench -- learning` (issue 22): does the learning loop leave a subscriber knowing more words than a passive
// word-of-the-day e-mail? 1,000 simulated learners × 180 days, one send a day, 1 new word per send, under three
// memory models that are NOT the scheduler's FSRS (exponential forgetting, ACT-R with its spacing effect, half-life
// regression), each with prior knowledge (5–30% of the words known already), overclaiming ("I knew this already" also
// on 10% of the new words not known), non-response (answers on 60% of days in the 0.6 run; half the unanswered
// e-mails still read) and hindsight (20% of failed recalls reported as "I remember" where the review shows the
// definition). Policies: `passive` (one new word a day, never asked again), `issue16` (the
// loop as it stood after issue 16, a frozen baseline in bench/learning/issue16-policy.ts) and `default` (the product's
// own send mix and answer meanings, `src/shared/rules/learning`, the functions the dispatcher calls).
// What each model assumes and where its numbers come from: docs/bench-learning.md.
// A fourth row per model, `ceiling`, is what a scheduler that saw the learner's true memory would reach under the same
// cap (bench/learning/ceiling-policy.ts): a target above it is out of reach of the schedules it tries.
// Options: --seed N, --learners N, --days N, --json (one JSON object per model × engagement × policy, no table),
// --ceiling-learners N (the ceiling runs on the first N of the same learners, default 100; 0 skips it),
// --bound-learners N (the upper bounds on half-life regression, bench/learning/hlr-outcome-bound.ts for reviews that
// ask first and hlr-upper-bound.ts for any schedule, on the exponential learner, bench/learning/exponential-upper-
// bound.ts, each with the schedule at its prices, and on ACT-R, bench/learning/act-r-upper-bound.ts, on the first N
// learners, default 20, about half an hour of CPU for the exponential model, about 13 minutes for ACT-R and about 12
// for half-life regression with its schedule; 0 skips them),
// --blind-bound-learners N (the exponential learner's bound for schedules that do not know which days the learner
// will answer, bench/learning/exponential-blind-bound.ts, with the schedule at its prices that sees true recall but
// not those days, bench/learning/blind-lagrangian-policy.ts, on the first N learners, each learner's bound printed;
// default 0, skipped: about a minute of CPU a learner and engagement for both),
// --personal-parameters (the default policy refits each learner's FSRS weights as the product does; slow),
// --population-learners N (first simulates N other learners of the seed under the product's loop, half answering every
// day and half 60%, and schedules the measured learners without weights of their own with the pooled fit of their
// logs, and values their reviews with what those logs say about each word (`word_recall_estimates`), as a product that
// has run a while does; src/server/features/learning/simulation/population.ts; default 0),
// --models a,b (only those memory models, by name, e.g. "act-r,half-life regression": a long run finished in parts;
// every learner is drawn from the seed alone, so a model's rows are the same whichever others run beside it),
// --engagements a,b (only those shares of days answered, 1 and/or 0.6: one row per process),
// --policies a,b (only those policies: passive, issue16, default, ceiling; e.g. "--policies=default" re-runs the
// product's rows alone after a policy change, and the other rows of an earlier run with the same seed still hold).
// Exits 1 when a target is missed, so a run can say no.
import { performance } from "node:perf_hooks";
import { defaultPolicy } from "../src/server/features/learning/simulation/default-policy";
import {
  passivePolicy,
  simulatePolicy,
  type BenchOptions,
  type BenchResult,
  type LoopPolicy,
  type PolicyName,
} from "../src/server/features/learning/simulation/harness";
import {
  actrModel,
  exponentialModel,
  hlrModel,
  MEMORY_MODELS,
  type MemoryModel,
} from "../src/server/features/learning/simulation/models";
import { simulatePopulation } from "../src/server/features/learning/simulation/population";
import { actrUpperBound } from "./learning/act-r-upper-bound";
import { ceilingPolicy, CEILING_ORDERS, CEILING_THRESHOLDS } from "./learning/ceiling-policy";
import { blindLagrangianPolicy } from "./learning/blind-lagrangian-policy";
import {
  BLIND_BOUND_DEFAULTS,
  blindPricesOf,
  exponentialBlindBoundOf,
} from "./learning/exponential-blind-bound";
import { exponentialUpperBound } from "./learning/exponential-upper-bound";
import { hlrLagrangianPolicy } from "./learning/hlr-lagrangian-policy";
import { hlrOutcomeBound } from "./learning/hlr-outcome-bound";
import { hlrUpperBound } from "./learning/hlr-upper-bound";
import { issue16Policy } from "./learning/issue16-policy";
import { lagrangianPolicy } from "./learning/lagrangian-policy";
import { printTable } from "./lib";

const argv = process.argv.slice(2);
function option(name: string, fallback: number, min = 1): number {
  const index = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index === -1) return fallback;
  const value = Number(argv[index]!.includes("=") ? argv[index]!.split("=")[1] : argv[index + 1]);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} needs a whole number of at least ${min}`);
  return value;
}

const seed = option("seed", 20261128);
const learners = option("learners", 1000);
const days = option("days", 180);
/**
 * The day ΣR is counted at (default: the run's last, `days`). Earlier, a schedule at a bound's prices, which plans for
 * the run's end, is measured where it cannot yet aim at the day counted, as a product never can: run with --days
 * longer than the day measured. The bounds hold for the run's end, so they are not printed then.
 */
const measureDay = option("measure-day", days);
if (measureDay > days) throw new Error("--measure-day cannot be after the run's last day (--days)");
const measuredEarly = measureDay < days;
const json = argv.includes("--json");
/** The ceiling's grid is 8 runs per row, so it runs on the first of the same learners (0: not at all). */
const ceilingLearners = Math.min(learners, option("ceiling-learners", 100, 0));
const personalParameters = argv.includes("--personal-parameters");
/** The upper bounds cost seconds (half-life regression) to a minute (exponential) a learner: the first few only. */
const boundLearners = Math.min(learners, option("bound-learners", 20, 0));
/** The blind bound on the exponential learner and its schedule cost about a minute a learner: off unless asked. */
const blindBoundLearners = Math.min(learners, option("blind-bound-learners", 0, 0));
/** A `--name=a,b` list of names, each checked against what exists (undefined: the option is absent, so all). */
function chosen(name: string, known: readonly string[]): string[] | undefined {
  const names = argv
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(`--${name}=`.length)
    .split(",")
    .map((entry) => entry.trim());
  const unknown = names?.find((entry) => !known.includes(entry));
  if (unknown !== undefined) throw new Error(`--${name}: no "${unknown}" (there are ${known.join(", ")})`);
  return names;
}
const chosenModels = chosen(
  "models",
  MEMORY_MODELS.map((model) => model.name),
);
const models = MEMORY_MODELS.filter((model) => !chosenModels || chosenModels.includes(model.name));
/** The shares of days answered, both unless `--engagements=0.6` (or `=1`) picks one: a row per process. */
const ENGAGEMENTS = (chosen("engagements", ["1", "0.6"]) ?? ["1", "0.6"]).map(Number);
const chosenPolicies = chosen("policies", ["passive", "issue16", "default", "ceiling"]);
const runs = (policy: PolicyName) => !chosenPolicies || chosenPolicies.includes(policy);
/**
 * Other learners of the same seed simulated first (0: none, every learner starts on FSRS's defaults): the product as
 * it is after running a while, whose pooled fit of their logs schedules a learner without weights of their own.
 */
const populationLearners = option("population-learners", 0, 0);
/** The policies for one model: the default one scheduled, until a learner's own weights, with the population's fit. */
async function policiesFor(model: MemoryModel): Promise<LoopPolicy[]> {
  const population =
    populationLearners > 0 && runs("default")
      ? await simulatePopulation(model, { seed, days, learners: populationLearners })
      : null;
  if (population)
    log(
      `  ${model.name}: ${populationLearners} learners before, ${population.logs.reduce((sum, entries) => sum + entries.length, 0)} reviews, ` +
        (population.pooledWeights
          ? `pooled weights and ${population.wordEstimates.size} words' estimates fitted`
          : "too few for a pooled fit"),
    );
  const policies = [
    passivePolicy,
    issue16Policy,
    defaultPolicy({
      personalParameters,
      pooledWeights: population?.pooledWeights ?? null,
      wordEstimates: population?.wordEstimates,
    }),
  ];
  return policies.filter((policy) => runs(policy.name));
}

/** Issue 22's targets, for every model, on the default policy. */
const TARGETS = {
  sigmaRAllAnswered: 160,
  sigmaRSixtyPercent: 140,
  reviewItemsPerDayP95: 10,
  sendsWithoutNewWord: 0,
};

const log = (line: string) => (json ? console.error(line) : console.log(line));
log(
  `Seed ${seed}: ${learners} learners × ${days} days, one send a day, 1 new word per send` +
    (personalParameters ? ", personal FSRS weights refitted" : ", FSRS's default weights") +
    (populationLearners > 0 ? `, after ${populationLearners} other learners (pooled weights)` : ""),
);

const started = performance.now();
const results: BenchResult[] = [];
for (const model of models) {
  const policies = await policiesFor(model);
  for (const engagement of ENGAGEMENTS)
    for (const policy of policies) {
      const result = await simulatePolicy(model, policy, { learners, days, seed, engagement, measureDay });
      results.push(result);
      if (json)
        console.log(JSON.stringify({ ...result, seed, learners, days, measureDay, populationLearners }));
    }
}
// What a scheduler that saw each learner's true memory reaches under the same cap: the best of the grid, per row.
if (ceilingLearners > 0 && runs("ceiling"))
  for (const model of models)
    for (const engagement of ENGAGEMENTS) {
      let best: BenchResult | null = null;
      for (const threshold of CEILING_THRESHOLDS)
        for (const order of CEILING_ORDERS) {
          const result = await simulatePolicy(model, ceilingPolicy(threshold, order), {
            learners: ceilingLearners,
            days,
            seed,
            engagement,
            measureDay,
          });
          if (best === null || result.sigmaR > best.sigmaR) best = result;
        }
      results.push(best!);
      if (json) console.log(JSON.stringify({ ...best!, seed, learners: ceilingLearners, days, measureDay }));
    }
// The most any schedule could reach on the half-life-regression, exponential and ACT-R learners (bench/learning/
// hlr-outcome-bound.ts, exponential-upper-bound.ts, act-r-upper-bound.ts): a target above it is out of reach on that
// model, whatever the product does. Half-life regression also has a bound for schedules whose reviews show the
// definition (`any`, hlr-upper-bound.ts).
/**
 * Each bounded model's bounds: for reviews that ask first, and (where built) for any schedule; for the exponential
 * and half-life-regression learners also the ΣR of the schedule that follows the bound's prices (it knows what no
 * product knows: true recall, or the learner's draws, as the ceiling does).
 */
const UPPER_BOUNDS = new Map<
  string,
  (options: BenchOptions, learners: number) => Promise<{ askFirst: number; any?: number; schedule?: number }>
>([
  [
    hlrModel.name,
    async (options, learners) => ({
      askFirst: hlrOutcomeBound(options, learners),
      any: hlrUpperBound(options, learners, { rereads: true }),
      schedule: (await simulatePolicy(hlrModel, hlrLagrangianPolicy(options), { ...options, learners }))
        .sigmaR,
    }),
  ],
  [
    exponentialModel.name,
    async (options, learners) => ({
      askFirst: exponentialUpperBound(options, learners),
      schedule: (await simulatePolicy(exponentialModel, lagrangianPolicy(options), { ...options, learners }))
        .sigmaR,
    }),
  ],
  [actrModel.name, async (options, learners) => ({ askFirst: actrUpperBound(options, learners) })],
]);
const bounds: { model: string; engagement: number; askFirst: number; any?: number; schedule?: number }[] = [];
if (boundLearners > 0 && measuredEarly)
  throw new Error("--measure-day before --days: the bounds hold for the run's end (add --bound-learners 0)");
if (boundLearners > 0)
  for (const model of models)
    for (const engagement of ENGAGEMENTS) {
      const bound = UPPER_BOUNDS.get(model.name);
      if (bound)
        bounds.push({
          model: model.name,
          engagement,
          ...(await bound({ learners, days, seed, engagement }, boundLearners)),
        });
    }
// The bound for schedules that do not know the answered days (a product's), on the exponential learner, learner by
// learner, and the schedule at its prices (sees true recall, not the days).
// Measured before the run's end (--measure-day), only the schedule: the bound holds for the run's end.
const blindBounds: { engagement: number; perLearner: number[]; bound?: number; schedule: number }[] = [];
if (blindBoundLearners > 0 && models.includes(exponentialModel))
  for (const engagement of ENGAGEMENTS) {
    const options = { learners, days, seed, engagement };
    const perLearner: number[] = [];
    // One price search a learner serves the bound and the schedule.
    const prices: Float64Array[] = [];
    for (let learner = 0; learner < blindBoundLearners; learner++) {
      prices.push(blindPricesOf(options, learner));
      if (measuredEarly) continue;
      perLearner.push(exponentialBlindBoundOf(options, learner, BLIND_BOUND_DEFAULTS, prices[learner]));
      log(
        `  blind bound, ${engagement * 100}% answered, learner ${learner}: ${perLearner.at(-1)!.toFixed(2)}`,
      );
    }
    const policy = blindLagrangianPolicy(options, BLIND_BOUND_DEFAULTS, (learner) => prices[learner]!);
    const schedule = await simulatePolicy(exponentialModel, policy, {
      ...options,
      learners: blindBoundLearners,
      measureDay,
    });
    blindBounds.push({
      engagement,
      perLearner,
      ...(measuredEarly
        ? {}
        : { bound: perLearner.reduce((sum, value) => sum + value, 0) / perLearner.length }),
      schedule: schedule.sigmaR,
    });
  }
if (json)
  for (const { engagement, perLearner, bound, schedule } of blindBounds) {
    const row = {
      model: exponentialModel.name,
      engagement,
      seed,
      learners: blindBoundLearners,
      days,
      measureDay,
    };
    if (bound !== undefined)
      console.log(
        JSON.stringify({
          ...row,
          policy: "upper bound, reviews ask first, answered days not known",
          sigmaR: bound,
          perLearner,
        }),
      );
    console.log(
      JSON.stringify({
        ...row,
        policy: "schedule at the blind bound's prices (sees true recall, not the days)",
        sigmaR: schedule,
      }),
    );
  }
if (json)
  for (const { model, engagement, askFirst, any, schedule } of bounds)
    for (const [policy, sigmaR] of [
      ["upper bound, reviews ask first", askFirst],
      ["upper bound, any schedule", any],
      ["schedule at the bound's prices (sees true recall)", schedule],
    ] as const)
      if (sigmaR !== undefined)
        console.log(
          JSON.stringify({ model, engagement, policy, sigmaR, seed, learners: boundLearners, days }),
        );
const seconds = (performance.now() - started) / 1000;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const sigmaRTarget = (engagement: number) =>
  engagement === 1 ? TARGETS.sigmaRAllAnswered : engagement >= 0.6 ? TARGETS.sigmaRSixtyPercent : null;

/** Each target of one result, as pass or FAIL (only the default policy is held to them). */
function verdicts(result: BenchResult): string[] {
  const sigmaTarget = sigmaRTarget(result.engagement);
  const checks: [string, boolean][] = [
    ...(sigmaTarget === null
      ? []
      : [[`ΣR ≥ ${sigmaTarget}`, result.sigmaR >= sigmaTarget] as [string, boolean]]),
    [`p95 ≤ ${TARGETS.reviewItemsPerDayP95}`, result.reviewItemsPerDayP95 <= TARGETS.reviewItemsPerDayP95],
    ["0% without new", result.sendsWithoutNewWord <= TARGETS.sendsWithoutNewWord],
  ];
  return checks.map(([name, ok]) => `${name}: ${ok ? "pass" : "FAIL"}`);
}

let missed = 0;
if (!json)
  printTable(
    `At day ${measureDay} (means per learner; review items per send over all sends)`,
    results.map((result) => {
      const passive = results.find(
        (other) =>
          other.model === result.model &&
          other.engagement === result.engagement &&
          other.policy === "passive",
      );
      const checks = verdicts(result);
      if (result.policy === "default") missed += checks.filter((check) => check.endsWith("FAIL")).length;
      return {
        model: result.model,
        answered: `${Math.round(result.engagement * 100)}%`,
        policy: result.policy,
        "new words": round(result.newWords),
        ΣR: round(result.sigmaR),
        "ΣR passive": passive ? round(passive.sigmaR) : "(not run)",
        "R ≥ 0.8": round(result.wordsAtLeast08),
        "reviews/send p50": result.reviewItemsPerDayMedian,
        "reviews/send p95": result.reviewItemsPerDayP95,
        "sends without new word": `${round(result.sendsWithoutNewWord * 100)}%`,
        targets:
          result.policy === "default"
            ? checks.join("; ")
            : result.policy === "ceiling"
              ? `(sees true recall; ${ceilingLearners} learners)`
              : "(baseline)",
      };
    }),
  );
else
  for (const result of results)
    if (result.policy === "default")
      missed += verdicts(result).filter((check) => check.endsWith("FAIL")).length;
if (!json && bounds.length > 0)
  printTable(
    `The most any schedule could reach (an upper bound, first ${boundLearners} learners)`,
    bounds.map(({ model, engagement, askFirst, any, schedule }) => {
      const target = sigmaRTarget(engagement);
      const reach = (bound: number | undefined) =>
        bound === undefined
          ? "(not bounded)"
          : target === null
            ? `${round(bound)}`
            : `${round(bound)} (${bound < target ? "below the target: out of reach for these learners" : "not excluded"})`;
      return {
        model,
        answered: `${Math.round(engagement * 100)}%`,
        target: target === null ? "" : `ΣR ≥ ${target}`,
        "reviews ask first (issue 22): ΣR at most": reach(askFirst),
        "any schedule: ΣR at most": reach(any),
        "schedule at the bound's prices (sees true recall)": schedule === undefined ? "" : round(schedule),
      };
    }),
  );
if (!json && blindBounds.length > 0)
  printTable(
    `Schedules that do not know the answered days, exponential learner (first ${blindBoundLearners} learners)`,
    blindBounds.map(({ engagement, perLearner, bound, schedule }) => {
      const target = sigmaRTarget(engagement);
      return {
        answered: `${Math.round(engagement * 100)}%`,
        target: target === null ? "" : `ΣR ≥ ${target}`,
        "ΣR at most (mean over the learners' days)":
          bound === undefined
            ? "(not at this day)"
            : `${round(bound, 2)} (${round(Math.min(...perLearner))}–${round(Math.max(...perLearner))})`,
        verdict:
          target === null || bound === undefined
            ? ""
            : bound < target
              ? "below the target: out of reach of any such schedule"
              : "not excluded",
        "schedule at its prices (sees true recall, not the days)": round(schedule, 2),
      };
    }),
  );
log(
  missed === 0
    ? "Every target met by the default policy under every model."
    : `${missed} target(s) MISSED by the default policy (see the table).`,
);
log(`Simulated in ${seconds.toFixed(1)} s`);
process.exit(missed === 0 ? 0 : 1);
