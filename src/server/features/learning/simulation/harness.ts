// The simulator behind `npm run bench -- learning` (issue 22): simulated learners with a memory model that is not the
// scheduler's, one send a day, taught by a pluggable policy. The policy sees only what the product sees (what was
// sent, what was answered); the memory model decides what the learner recalls. Pure: no database, no clock.
import { DAY_MS } from "@shared/constants";
import type { LearnerMemory, MemoryModel, Trace } from "./models";
import { gaussian, seededRandom } from "@shared/rules/random";

/** What a learner answers to a word: a review's "I remember" / "I forgot", or a new word's "I knew this already". */
export type Answer = "remember" | "forgot" | "knew_already";
export type PolicyName = "passive" | "issue16" | "default" | "ceiling";

/** One learner's loop as the product runs it: what each send holds, and what each answer (or silence) does. */
export interface LearnerLoop {
  /** The send at `now`: the words (ids the loop was given by `introduce`) to review, and how many new words. */
  plan(now: Date, newWordsLeft: number): { reviews: readonly number[]; newWords: number };
  introduce(word: number, now: Date): void;
  answer(word: number, answer: Answer, now: Date): void;
  /** A review that was sent and not answered (the learner may still have read the message). */
  unanswered(word: number, now: Date): void;
  /** After each day's answers: where the product's jobs run (the weekly refit of the learner's FSRS weights). */
  endOfDay?(now: Date): Promise<void>;
}

export interface LoopPolicy {
  name: PolicyName;
  /** Whether a review shows the definition beside its buttons, so that "I remember" may come after seeing it. */
  reviewShowsDefinition: boolean;
  /** `recallNow` is the learner's true recall of a word at today's send: only a ceiling (oracle) policy may look. */
  learner(recallNow: (word: number) => number): LearnerLoop;
}

/** Share of each learner's topic words they know already: uniform between these. */
export const PRIOR_KNOWLEDGE = [0.05, 0.3] as const;
/** A word known before it was sent: recalled with this probability whatever the schedule. */
export const KNOWN_RECALL = 0.98;
/**
 * Overclaiming: on a day answered, the share of new words the learner does NOT know on which they still tap "I knew
 * this already" (a word recognised but not defined). Our assumption, not a measured rate (docs/bench-learning.md).
 */
export const OVERCLAIM = 0.1;
/** On a day not answered, the share of messages still opened and read. */
export const READ_WITHOUT_ANSWER = 0.5;
/** On a channel that shows the answer, the share of failed recalls reported as "I remember" (hindsight). */
export const HINDSIGHT = 0.2;
/** Words in the topic: more than the run can send, so "the topic has words" holds throughout. */
export const TOPIC_WORDS = 400;
const START = Date.UTC(2026, 0, 5, 9); // one send a day at 09:00 UTC, answered 20 minutes later
const ANSWER_DELAY_MS = 20 * 60_000;

export interface BenchOptions {
  learners: number;
  days: number;
  seed: number;
  /** Share of days the learner answers (0–1). */
  engagement: number;
  /**
   * The day ΣR and the words at 0.8 are counted at (default: `days`, the end of the run): earlier, a schedule that
   * plans for the run's end is measured before it could aim at that day. The words counted are those sent before it.
   */
  measureDay?: number;
  /** The index of the first learner simulated (default 0): other people of the same seed, the same words. */
  firstLearner?: number;
}

export interface BenchResult {
  model: string;
  engagement: number;
  policy: PolicyName;
  /** Means per learner. */
  newWords: number;
  sigmaR: number;
  wordsAtLeast08: number;
  /** Review items per send, over every learner's every send. */
  reviewItemsPerDayMedian: number;
  reviewItemsPerDayP95: number;
  /** Share of sends (while the topic had words) with no new word. */
  sendsWithoutNewWord: number;
}

export interface LearnerDraws {
  memory: LearnerMemory;
  known: boolean[];
  /** The words not known that the learner claims to know when they answer on the day the word is new. */
  overclaimed: boolean[];
  answered: boolean[];
  read: boolean[];
  events: () => number;
}

/**
 * The learner drawn for index `learner`: the same person (ability, knowledge, days answered, words overclaimed) under
 * every policy.
 */
export function drawLearner(model: MemoryModel, options: BenchOptions, learner: number): LearnerDraws {
  const random = seededRandom(options.seed * 7919 + learner * 104_729 + 1);
  const memory = model.learner(random);
  const priorShare = PRIOR_KNOWLEDGE[0] + (PRIOR_KNOWLEDGE[1] - PRIOR_KNOWLEDGE[0]) * random();
  const known = Array.from({ length: TOPIC_WORDS }, () => random() < priorShare);
  const answered: boolean[] = [];
  const read: boolean[] = [];
  for (let day = 0; day < options.days; day++) {
    answered.push(random() < options.engagement);
    read.push(random() < READ_WITHOUT_ANSWER);
  }
  // Drawn after everything else, so the learners of earlier runs are the same people with one more habit.
  const overclaimed = known.map((isKnown) => random() < OVERCLAIM && !isKnown);
  return { memory, known, overclaimed, answered, read, events: seededRandom(options.seed * 31 + learner) };
}

/** Each topic word's difficulty (standard normal), shared by every learner of a run. */
export function wordDifficulties(seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: TOPIC_WORDS }, () => gaussian(random));
}

const percentile = (histogram: readonly number[], share: number): number => {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  let seen = 0;
  for (let value = 0; value < histogram.length; value++) {
    seen += histogram[value] ?? 0;
    if (seen >= share * total) return value;
  }
  return histogram.length - 1;
};

/** Runs one policy on `options.learners` learners of one memory model. */
export async function simulatePolicy(
  model: MemoryModel,
  policy: LoopPolicy,
  options: BenchOptions,
): Promise<BenchResult> {
  const difficulty = wordDifficulties(options.seed);
  const reviewHistogram: number[] = [];
  let newWords = 0;
  let sigmaR = 0;
  let atLeast08 = 0;
  let sendsWhileWordsLeft = 0;
  let sendsWithoutNew = 0;
  for (let learner = 0; learner < options.learners; learner++) {
    const draws = drawLearner(model, options, (options.firstLearner ?? 0) + learner);
    const { memory, known, overclaimed, events } = draws;
    const traces: (Trace | null)[] = [];
    const recallOf = (word: number, day: number) =>
      known[word] ? KNOWN_RECALL : traces[word] ? memory.recall(traces[word], day) : 0;
    /** The learner reads the definition: a first encoding if the word was never seen, else a practice. */
    const meet = (
      word: number,
      day: number,
      practice: "recalled" | "failed" | "read",
      recallBefore: number,
    ) => {
      if (known[word]) return;
      const trace = traces[word];
      if (trace) memory.practise(trace, day, practice, recallBefore);
      else traces[word] = memory.encode(day, difficulty[word]!);
    };
    const measureDay = options.measureDay ?? options.days;
    const measure = (day: number) => {
      newWords += traces.length;
      for (let word = 0; word < traces.length; word++) {
        const recall = recallOf(word, day);
        sigmaR += recall;
        if (recall >= 0.8) atLeast08 += 1;
      }
    };
    let today = 0;
    const loop = policy.learner((word) => recallOf(word, today));
    for (let day = 0; day < options.days; day++) {
      if (day === measureDay) measure(day);
      today = day;
      const now = new Date(START + day * DAY_MS);
      const answeredAt = new Date(now.getTime() + ANSWER_DELAY_MS);
      const answered = draws.answered[day]!;
      const opened = answered || draws.read[day]!;
      const send = loop.plan(now, TOPIC_WORDS - traces.length);
      reviewHistogram[send.reviews.length] = (reviewHistogram[send.reviews.length] ?? 0) + 1;
      if (traces.length < TOPIC_WORDS) {
        sendsWhileWordsLeft += 1;
        if (send.newWords === 0) sendsWithoutNew += 1;
      }
      for (const word of send.reviews) {
        const recall = recallOf(word, day);
        if (answered) {
          const recalled = events() < recall;
          const says =
            recalled || (policy.reviewShowsDefinition && events() < HINDSIGHT) ? "remember" : "forgot";
          loop.answer(word, says, answeredAt);
          meet(word, day, recalled ? "recalled" : "failed", recall);
        } else {
          loop.unanswered(word, answeredAt);
          if (opened && policy.reviewShowsDefinition) meet(word, day, "read", recall);
        }
      }
      for (let index = 0; index < send.newWords && traces.length < TOPIC_WORDS; index++) {
        const word = traces.length;
        traces.push(null);
        loop.introduce(word, now);
        if (opened) meet(word, day, "read", 0);
        // An overclaimed word was only read: its memory is the model's after one reading, whatever the answer said.
        if (answered && (known[word] || overclaimed[word])) loop.answer(word, "knew_already", answeredAt);
      }
      await loop.endOfDay?.(answeredAt);
    }
    if (measureDay === options.days) measure(options.days);
  }
  return {
    model: model.name,
    engagement: options.engagement,
    policy: policy.name,
    newWords: newWords / options.learners,
    sigmaR: sigmaR / options.learners,
    wordsAtLeast08: atLeast08 / options.learners,
    reviewItemsPerDayMedian: percentile(reviewHistogram, 0.5),
    reviewItemsPerDayP95: percentile(reviewHistogram, 0.95),
    sendsWithoutNewWord: sendsWhileWordsLeft === 0 ? 0 : sendsWithoutNew / sendsWhileWordsLeft,
  };
}

/** Passive word-of-the-day: one new word a send, never asked again. */
export const passivePolicy: LoopPolicy = {
  name: "passive",
  reviewShowsDefinition: false,
  learner: () => ({
    plan: () => ({ reviews: [], newWords: 1 }),
    introduce() {},
    answer() {},
    unanswered() {},
  }),
};
