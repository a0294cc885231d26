// The learning-loop simulation behind `npm run bench -- learning` and its unit test: simulated learners whose
// memory is FSRS's own model with their own (hidden) parameters, taught by today's engine (one new word a day, never
// reviewed) and by Jargon's loop (the send mix with FSRS reviews). Pure: no database, no clock but the one passed.
import { clipParameters, default_w, FSRSAlgorithm, Rating, type FSRSState } from "ts-fsrs";
import { DAILY_REVIEW_CAP_DEFAULT, DAY_MS } from "@shared/constants";
import { gradeCard, newCard, retrievability, type LearningCard } from "@shared/rules/learning/fsrs";
import { planSend } from "@shared/rules/learning/send-mix";

export interface SimulationOptions {
  learners: number;
  days: number;
  seed: number;
  /** Words per send for Jargon's loop (today's engine always sends one new word). */
  wordsPerSend: number;
  dailyReviewCap?: number;
}

export interface PolicyResult {
  policy: string;
  /** Per learner: words whose hidden recall probability at the end is above RETAINED_RECALL. */
  retained: number[];
  /** Per learner: reviews sent (and graded). */
  reviews: number[];
  /** Per learner: distinct words delivered. */
  introduced: number[];
}

/** A word counts as retained when the learner would recall it with probability above this at the end. */
export const RETAINED_RECALL = 0.9;
/** Spread of each learner's FSRS weights around the defaults (log-normal factor): the scheduler never knows them. */
const WEIGHT_SPREAD = 0.25;
const START = Date.UTC(2025, 0, 6, 9); // one send a day at 09:00 UTC
const SIM_CLOCK = { timeZone: null, dayStartHour: 0 } as const;

/** mulberry32: a small, fast, seedable PRNG, so a run can be repeated exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** One learner's true memory: FSRS's forgetting curve and stability updates with weights of their own. */
function hiddenLearner(random: () => number): FSRSAlgorithm {
  const w = default_w.map((weight) => weight * Math.exp(WEIGHT_SPREAD * gaussian(random)));
  return new FSRSAlgorithm({ w: clipParameters(w, 1, true) });
}

interface HiddenWord {
  memory: FSRSState;
  lastSeenDay: number;
}

const dayInstant = (day: number) => new Date(START + day * DAY_MS);

/** The learner reads a new word with its definition: their first (successful) encounter with it. */
const firstEncounter = (memory: FSRSAlgorithm, day: number): HiddenWord => ({
  memory: memory.next_state(null, 0, Rating.Good),
  lastSeenDay: day,
});

function retainedAtEnd(memory: FSRSAlgorithm, words: readonly HiddenWord[], endDay: number): number {
  return words.filter(
    (word) => memory.forgetting_curve(endDay - word.lastSeenDay, word.memory.stability) > RETAINED_RECALL,
  ).length;
}

/** Today's engine: one new word a day, never seen again. */
function newWordsOnly(
  memory: FSRSAlgorithm,
  days: number,
): { retained: number; reviews: number; introduced: number } {
  const words = Array.from({ length: days }, (_, day) => firstEncounter(memory, day));
  return { retained: retainedAtEnd(memory, words, days), reviews: 0, introduced: days };
}

/** Jargon's loop: each day's send is the mix; reviews are answered from the hidden memory with the quick grades. */
function learningLoop(
  memory: FSRSAlgorithm,
  random: () => number,
  options: SimulationOptions,
): { retained: number; reviews: number; introduced: number } {
  const words: HiddenWord[] = [];
  const cards: LearningCard[] = [];
  let reviews = 0;
  for (let day = 0; day < options.days; day += 1) {
    const now = dayInstant(day);
    const mix = planSend({
      reviews: cards.map((card, id) => ({
        id,
        due: card.due,
        retrievability: retrievability(card, now),
        lastSentAt: dayInstant(words[id]!.lastSeenDay),
      })),
      newWordsAvailable: Number.MAX_SAFE_INTEGER,
      newWordsPerSend: options.wordsPerSend,
      reviewsSentToday: 0,
      dailyReviewCap: options.dailyReviewCap ?? DAILY_REVIEW_CAP_DEFAULT,
      now,
      clock: SIM_CLOCK,
    });
    for (const id of mix.reviews) {
      const word = words[id]!;
      const elapsed = day - word.lastSeenDay;
      const recalled = random() < memory.forgetting_curve(elapsed, word.memory.stability);
      words[id] = {
        memory: memory.next_state(word.memory, elapsed, recalled ? Rating.Good : Rating.Again),
        lastSeenDay: day,
      };
      cards[id] = gradeCard(cards[id]!, recalled ? "good" : "again", now, "email").card;
      reviews += 1;
    }
    for (let index = 0; index < mix.newWords; index += 1) {
      words.push(firstEncounter(memory, day));
      cards.push(newCard(now));
    }
  }
  return { retained: retainedAtEnd(memory, words, options.days), reviews, introduced: words.length };
}

/** Runs both policies on the same learners (same hidden parameters), from one seed. */
export function simulate(options: SimulationOptions): { today: PolicyResult; loop: PolicyResult } {
  const random = seededRandom(options.seed);
  const empty = (policy: string): PolicyResult => ({ policy, retained: [], reviews: [], introduced: [] });
  const today = empty("today's engine: 1 new word a day, no reviews");
  const loop = empty(`Jargon's loop: ${options.wordsPerSend} word(s) per send, reviews first`);
  for (let learner = 0; learner < options.learners; learner += 1) {
    const memory = hiddenLearner(random);
    for (const [result, outcome] of [
      [today, newWordsOnly(memory, options.days)],
      [loop, learningLoop(memory, random, options)],
    ] as const) {
      result.retained.push(outcome.retained);
      result.reviews.push(outcome.reviews);
      result.introduced.push(outcome.introduced);
    }
  }
  return { today, loop };
}

export const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Reviews spent per word retained, over all learners (0 reviews and 0 retained is 0). */
export function reviewsPerRetained(result: PolicyResult): number {
  const retained = result.retained.reduce((sum, value) => sum + value, 0);
  return retained === 0 ? 0 : result.reviews.reduce((sum, value) => sum + value, 0) / retained;
}
