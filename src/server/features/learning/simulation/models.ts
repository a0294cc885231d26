// The simulated learners' memories for `npm run bench -- learning`: three models that are NOT the scheduler's (FSRS),
// so the benchmark cannot pass by grading FSRS against itself. Every model is calibrated to one common anchor: the
// average learner who reads an average word's definition once recalls it with probability 0.5 a day later (our
// assumption for professional jargon met once in an e-mail). Learners differ in ability and words in difficulty, both
// fixed per run from the seed. What each model assumes, and where its numbers come from, is in docs/bench-learning.md.
import { gaussian } from "@shared/rules/random";

/** What happened when the learner met a word again: retrieved it, failed and then read the answer, or only read it. */
export type Practice = "recalled" | "failed" | "read";

/** One learner's memory of one word (the model's own state). */
export interface Trace {
  /** The last day the word was practised or read. */
  lastDay: number;
}

export interface LearnerMemory<T extends Trace = Trace> {
  /** The first reading of a word with its definition. `difficulty` is the word's standard-normal difficulty draw. */
  encode(day: number, difficulty: number): T;
  /** Probability of recalling the meaning on `day`. */
  recall(trace: T, day: number): number;
  /** Updates the trace after a practice on `day` (the recall probability before it is `recallBefore`). */
  practise(trace: T, day: number, practice: Practice, recallBefore: number): void;
}

export interface MemoryModel<T extends Trace = Trace> {
  name: string;
  /** A new learner; `random` draws their ability. */
  learner(random: () => number): LearnerMemory<T>;
}

// ---- 1. Exponential forgetting (Ebbinghaus), stability growing with spaced, effortful recall ------------------------

export interface ExponentialTrace extends Trace {
  stability: number;
  initial: number;
  gain: number;
}

/** Stability (days) after one reading for the average learner and word: e^(−1/S) = 0.5 a day later. */
const EXP_INITIAL_STABILITY = 1 / Math.LN2;
/** Log-normal spreads: a learner's ability and a word's difficulty multiply stabilities and gains. */
const EXP_ABILITY_SIGMA = 0.4;
const EXP_DIFFICULTY_SIGMA = 0.5;
/** A recall at R = 0.9 multiplies stability by 1 + 1.8 (≈ FSRS's Good at its target, for the average word). */
const EXP_GAIN = 1.8;
/** After a lapse the learner keeps a fifth of what they had (savings), on top of a fresh first reading. */
const EXP_LAPSE_SAVINGS = 0.2;

export const exponentialModel: MemoryModel<ExponentialTrace> = {
  name: "exponential",
  learner(random) {
    const ability = Math.exp(EXP_ABILITY_SIGMA * gaussian(random));
    return {
      encode(day, difficulty) {
        const ease = ability / Math.exp(EXP_DIFFICULTY_SIGMA * difficulty);
        const initial = EXP_INITIAL_STABILITY * ease;
        return { lastDay: day, stability: initial, initial, gain: EXP_GAIN * Math.sqrt(ease) };
      },
      recall: (trace, day) => Math.exp(-(day - trace.lastDay) / trace.stability),
      practise(trace, day, practice, recallBefore) {
        if (practice === "recalled") {
          // Spacing: the harder the successful recall (lower R), the more it strengthens (×1 at R = 0.9, ×3 at R ≤ 0.5).
          const spacing = Math.min(3, 0.5 + 5 * (1 - recallBefore));
          trace.stability *= 1 + trace.gain * spacing;
        } else {
          const relearned = trace.initial + EXP_LAPSE_SAVINGS * trace.stability;
          trace.stability = practice === "failed" ? relearned : Math.max(trace.stability, relearned);
        }
        trace.lastDay = day;
      },
    };
  },
};

// ---- 2. ACT-R declarative memory with the spacing effect (Pavlik & Anderson 2005) -----------------------------------

interface ActrTrace extends Trace {
  /** Day of each encounter and the decay rate it got. */
  days: number[];
  decays: number[];
  offset: number;
}

/** Pavlik & Anderson (2005), Cognitive Science 29: decay scale c, decay intercept α, threshold τ, noise s. */
const ACTR_C = 0.217;
const ACTR_ALPHA = 0.177;
const ACTR_TAU = -0.704;
const ACTR_S = 0.255;
/** Their psychological time between sessions: a day away counts as 0.025 of its 86,400 seconds. */
const ACTR_SECONDS_PER_DAY = 86_400 * 0.025;
/** An encounter on the same day is a minute old when it is next used (the answer follows the e-mail). */
const ACTR_SAME_DAY_SECONDS = 60;
/** Activation offset that puts one reading at R = 0.5 a day later (our anchor), and the spreads around it. */
const ACTR_OFFSET = ACTR_TAU + ACTR_ALPHA * Math.log(ACTR_SECONDS_PER_DAY);
const ACTR_ABILITY_SIGMA = 0.3;
const ACTR_DIFFICULTY_SIGMA = 0.3;

function actrActivation(trace: ActrTrace, day: number): number {
  let sum = 0;
  for (let index = 0; index < trace.days.length; index++) {
    const age =
      day === trace.days[index] ? ACTR_SAME_DAY_SECONDS : (day - trace.days[index]!) * ACTR_SECONDS_PER_DAY;
    sum += Math.pow(age, -trace.decays[index]!);
  }
  return Math.log(sum) + trace.offset;
}

export const actrModel: MemoryModel<ActrTrace> = {
  name: "act-r",
  learner(random) {
    const ability = ACTR_ABILITY_SIGMA * gaussian(random);
    const recall = (trace: ActrTrace, day: number) =>
      1 / (1 + Math.exp((ACTR_TAU - actrActivation(trace, day)) / ACTR_S));
    return {
      encode: (day, difficulty) => ({
        lastDay: day,
        days: [day],
        decays: [ACTR_ALPHA],
        offset: ACTR_OFFSET + ability - ACTR_DIFFICULTY_SIGMA * difficulty,
      }),
      recall,
      practise(trace, day) {
        // Every encounter (a recall, or the definition read after a failure or instead of trying) adds a trace whose
        // decay grows with the activation it met: practice while the word is fresh fades fast (the spacing effect).
        trace.decays.push(ACTR_C * Math.exp(actrActivation(trace, day)) + ACTR_ALPHA);
        trace.days.push(day);
        trace.lastDay = day;
      },
    };
  },
};

// ---- 3. Half-life regression (Settles & Meeder 2016, Duolingo) ------------------------------------------------------

export interface HlrTrace extends Trace {
  right: number;
  wrong: number;
  base: number;
}

/** log2 half-life (days) = base + θ_right·(√(1+right) − 1) + θ_wrong·(√(1+wrong) − 1); base 0 is one day. */
const HLR_THETA_RIGHT = 2.5;
const HLR_THETA_WRONG = -0.3;
const HLR_ABILITY_SIGMA = 0.5;
const HLR_DIFFICULTY_SIGMA = 0.5;

export const hlrHalfLife = (trace: Pick<HlrTrace, "base" | "right" | "wrong">) =>
  Math.pow(
    2,
    trace.base +
      HLR_THETA_RIGHT * (Math.sqrt(1 + trace.right) - 1) +
      HLR_THETA_WRONG * (Math.sqrt(1 + trace.wrong) - 1),
  );

export const hlrModel: MemoryModel<HlrTrace> = {
  name: "half-life regression",
  learner(random) {
    const ability = HLR_ABILITY_SIGMA * gaussian(random);
    return {
      encode: (day, difficulty) => ({
        lastDay: day,
        right: 0,
        wrong: 0,
        base: ability - HLR_DIFFICULTY_SIGMA * difficulty,
      }),
      recall: (trace, day) => Math.pow(2, -(day - trace.lastDay) / hlrHalfLife(trace)),
      practise(trace, day, practice) {
        // HLR counts outcomes, not their timing: it has no spacing effect (a recall is worth the same at R 0.99 or 0.6).
        if (practice === "recalled") trace.right += 1;
        if (practice === "failed") trace.wrong += 1;
        trace.lastDay = day;
      },
    };
  },
};

export const MEMORY_MODELS: readonly MemoryModel[] = [exponentialModel, actrModel, hlrModel] as MemoryModel[];
