import type { ChannelName } from "../../channels";
import {
  computeDecayFactor,
  createEmptyCard,
  fsrs,
  generatorParameters,
  Rating,
  roundTo,
  State,
  type Card as FsrsCard,
  type Grade,
} from "ts-fsrs";
import {
  DESIRED_RETENTION,
  FIRST_ASK_RECALL_PRIOR,
  LEARNING_GRADES,
  MASTERED_STABILITY_DAYS,
  REVIEW_VALUE_HORIZON_DAYS,
  type LearningGrade,
} from "@shared/constants";
import {
  fromUserDayTimeline,
  toUserDayTimeline,
  userDaysBetween,
  UTC_DAY_CLOCK,
  type UserDayClock,
} from "./day-start";

/**
 * FSRS as our channels can keep it: words arrive at most once a day per word (e-mail, push, text, the app's
 * notification), so there are no learning steps in minutes and no short-term memory model: "I forgot" brings the
 * word back at the next user day, not in one minute (issue 22). Default weights, our desired retention, fuzz on (so
 * words learned together do not stay due together forever).
 */
const dailyParameters = (weights?: FsrsWeights) =>
  generatorParameters({
    request_retention: DESIRED_RETENTION,
    enable_fuzz: true,
    enable_short_term: false,
    learning_steps: [],
    relearning_steps: [],
    ...(weights ? { w: [...weights] } : {}),
  });

/** The one configured scheduler. Everything about intervals is ts-fsrs's; nothing here re-implements it. */
export const scheduler = fsrs(dailyParameters());

const DEFAULT_CURVE = computeDecayFactor(scheduler.parameters.w);
/**
 * ts-fsrs's `forgetting_curve`, the same arithmetic and rounding, with its decay and factor computed once per set of
 * weights rather than at every call: a send values up to a hundred cards over REVIEW_VALUE_HORIZON_DAYS days each,
 * and the library's call spent most of its time recomputing them.
 */
const forgettingCurve = (curve: Curve, elapsedDays: number, stability: number): number =>
  roundTo(Math.pow(1 + (curve.factor * elapsedDays) / stability, curve.decay), 8);

/** FSRS's weights as its optimiser fits them (21 numbers for FSRS-6); null means the defaults. */
export type FsrsWeights = readonly number[];

interface Curve {
  decay: number;
  factor: number;
}
const personalSchedulers = new Map<string, { scheduler: typeof scheduler; curve: Curve }>();
/** A learner's scheduler and forgetting curve, built once per set of weights: a grade should not rebuild them. */
function personalFsrs(weights: FsrsWeights): { scheduler: typeof scheduler; curve: Curve } {
  const key = weights.join(",");
  let found = personalSchedulers.get(key);
  if (!found) {
    const built = fsrs(dailyParameters(weights));
    found = { scheduler: built, curve: computeDecayFactor(built.parameters.w) };
    if (personalSchedulers.size > 1_000) personalSchedulers.clear();
    personalSchedulers.set(key, found);
  }
  return found;
}
/**
 * The scheduler for a learner's own weights (issue 16: fitted once they have enough reviews), or the default one.
 * Cached by weights: a grade should not rebuild a scheduler.
 */
export function schedulerFor(weights: FsrsWeights | null): typeof scheduler {
  return weights ? personalFsrs(weights).scheduler : scheduler;
}
/** The forgetting curve of those weights (FSRS-6 fits its decay per learner), or the default one. */
const curveFor = (weights: FsrsWeights | null): Curve =>
  weights ? personalFsrs(weights).curve : DEFAULT_CURVE;

export type CardState = "new" | "learning" | "review" | "relearning";
export const CARD_STATES: readonly CardState[] = ["new", "learning", "review", "relearning"];
/** Where a grade came from (the channels of the send engine, the in-app notification, the web pages). */
export type GradeChannel = ChannelName | "web";

/**
 * One user's card for one word, shaped as its database row will be (one column per field, dates as timestamptz
 * mapped to Date). `knownAt` is ours, not FSRS's: "I already know this word" retires the card (never sent again,
 * counted as known) while its FSRS fields stay as they were, so the retirement can be undone without loss.
 */
export interface LearningCard {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: CardState;
  lastReview: Date | null;
  knownAt: Date | null;
}

/** One grade, shaped as its review-log row will be. */
export interface ReviewLogEntry {
  grade: LearningGrade;
  stateBefore: CardState;
  stateAfter: CardState;
  /** Whole days since the previous grade (0 for the first). */
  elapsedDays: number;
  /** When the card was due before this grade: what Completion Rate measures against. */
  dueBefore: Date;
  reviewedAt: Date;
  channel: GradeChannel;
}

const RATING_OF: Record<LearningGrade, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
const STATE_OF: Record<State, CardState> = {
  [State.New]: "new",
  [State.Learning]: "learning",
  [State.Review]: "review",
  [State.Relearning]: "relearning",
};
const FSRS_STATE: Record<CardState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** A grade as FSRS's number (1 Again, 2 Hard, 3 Good, 4 Easy): the API's `rating`, Anki's `ease`. */
export const ratingOfGrade = (grade: LearningGrade) => (LEARNING_GRADES.indexOf(grade) + 1) as 1 | 2 | 3 | 4;

/**
 * A word just delivered for the first time: an introduction, not a review (issue 22). The card stays new, due now,
 * with no review log, until the learner's first answer, which is its first rating.
 */
export function newCard(now: Date): LearningCard {
  return fromFsrs(createEmptyCard(now), null);
}

/**
 * The card with its dates on the user-day timeline, so ts-fsrs's day counting is the learner's. A card still new has
 * never been rated, so FSRS gets no memory for it whatever its row holds: its first rating starts from FSRS's own
 * first stability and difficulty (ts-fsrs throws on a stability without a difficulty).
 */
export function toFsrs(card: LearningCard, clock: UserDayClock): FsrsCard {
  const rated = card.state !== "new";
  return {
    due: toUserDayTimeline(card.due, clock),
    stability: rated ? card.stability : 0,
    difficulty: rated ? card.difficulty : 0,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: FSRS_STATE[card.state],
    ...(card.lastReview ? { last_review: toUserDayTimeline(card.lastReview, clock) } : {}),
  };
}

function fromFsrs(card: FsrsCard, knownAt: Date | null, clock: UserDayClock = UTC_DAY_CLOCK): LearningCard {
  return {
    due: fromUserDayTimeline(card.due, clock),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_OF[card.state],
    lastReview: card.last_review ? fromUserDayTimeline(card.last_review, clock) : null,
    knownAt,
  };
}

/** A card marked as known takes no grade (nor a preview of one). */
export function assertGradable(card: Pick<LearningCard, "knownAt">): void {
  if (card.knownAt) throw new Error("A card marked as known is retired and cannot be graded");
}

/**
 * Records one grade: the card FSRS schedules next, and the log row that explains it. Days are the learner's
 * (`clock`: their zone and day start), for the interval and the log alike.
 */
export function gradeCard(
  card: LearningCard,
  grade: LearningGrade,
  now: Date,
  channel: GradeChannel,
  weights: FsrsWeights | null = null,
  clock: UserDayClock = UTC_DAY_CLOCK,
): { card: LearningCard; log: ReviewLogEntry } {
  assertGradable(card);
  const next = schedulerFor(weights).next(
    toFsrs(card, clock),
    toUserDayTimeline(now, clock),
    RATING_OF[grade],
  );
  return {
    card: fromFsrs(next.card, null, clock),
    log: {
      grade,
      stateBefore: card.state,
      stateAfter: STATE_OF[next.card.state],
      elapsedDays: card.lastReview ? Math.max(0, userDaysBetween(card.lastReview, now, clock)) : 0,
      dueBefore: card.due,
      reviewedAt: now,
      channel,
    },
  };
}

/** "I already know this word": retired from sending, counted as known. */
export const markKnown = (card: LearningCard, now: Date): LearningCard => ({ ...card, knownAt: now });
/** Undoes markKnown: the card resumes where FSRS left it. */
export const unmarkKnown = (card: LearningCard): LearningCard => ({ ...card, knownAt: null });

/** FSRS's probability that the word is recalled at `now`, counting the learner's days (0 for a card never graded). */
export function retrievability(card: LearningCard, now: Date, clock: UserDayClock = UTC_DAY_CLOCK): number {
  if (card.state === "new") return 0;
  return scheduler.get_retrievability(toFsrs(card, clock), toUserDayTimeline(now, clock), false);
}

const elapsedUserDays = (card: LearningCard, now: Date, clock: UserDayClock): number =>
  card.lastReview ? Math.max(0, userDaysBetween(card.lastReview, now, clock)) : 0;

/**
 * FSRS's recall probability after the whole user days since the last grade (the one day count the send mix uses),
 * or null for a word introduced and never answered, of whose memory FSRS knows nothing yet. On FSRS's default curve,
 * or on the curve of `weights` (a learner's own: the weights their cards are graded with).
 */
export function recallAfterWholeDays(
  card: LearningCard,
  now: Date,
  clock: UserDayClock = UTC_DAY_CLOCK,
  weights: FsrsWeights | null = null,
): number | null {
  if (card.state === "new") return null;
  return forgettingCurve(curveFor(weights), elapsedUserDays(card, now, clock), card.stability);
}

/**
 * How many days after its last grade a word of stability 1 falls to `recall` on FSRS's curve; the curve depends on
 * elapsed days over stability only, so a word of stability S takes S times as long. For the dispatcher's query,
 * which has to find the words at or below REVIEW_CANDIDATE_RECALL without computing every card's recall.
 */
export function daysPerStabilityUntilRecall(recall: number): number {
  return (recall ** (1 / DEFAULT_CURVE.decay) - 1) / DEFAULT_CURVE.factor;
}

/**
 * What all learners' answers say about one word (issue 22, `fitWordRecallEstimates`), beyond what FSRS knows of one
 * learner's card: how often the word's first ask is remembered, and how far its recall runs above (positive) or below
 * (negative) FSRS's estimate afterwards, on the logit scale. Null where the logs hold too little to say.
 */
export interface WordRecallEstimate {
  firstAskRecall: number | null;
  recallOffset: number | null;
}

const logit = (p: number): number => Math.log(p / (1 - p));
/** Keeps a probability off 0 and 1, where its logit is infinite. */
const clampProbability = (p: number): number => Math.min(1 - 1e-6, Math.max(1e-6, p));

/** FSRS's recall estimate moved by a word's offset on the logit scale (`WordRecallEstimate.recallOffset`). */
export const correctedRecall = (recall: number, offset: number): number =>
  1 / (1 + Math.exp(-(logit(clampProbability(recall)) + offset)));

/** FSRS's recall estimate of a card at `elapsed` whole days, as the logit of a probability (for the word fit). */
export const recallLogit = (recall: number): number => logit(clampProbability(recall));

/**
 * The stability whose curve falls to `recall` after `elapsed` days (the inverse of the forgetting curve): a card
 * whose word is forgotten more than FSRS expects is valued as the weaker memory its recall implies. Floored at a
 * hundredth of a day, where the curve stops meaning anything.
 */
const stabilityForRecall = (curve: Curve, elapsed: number, recall: number): number =>
  Math.max(0.01, (curve.factor * elapsed) / (recall ** (1 / curve.decay) - 1));

/**
 * What asking the word now is worth (issue 22's daily cap: which due reviews take its places): the recall it adds,
 * summed over each of the next REVIEW_VALUE_HORIZON_DAYS days, by FSRS's own model. With FSRS's recall probability
 * the learner remembers (Good) and the word's stability grows; otherwise they forget (Again) and it restarts; minus
 * what the word keeps without the review. A word just reviewed gains little (FSRS's stability grows least at high
 * recall); the longer a word has waited, the more a review adds; a word introduced and never answered, whose first
 * ask is valued at FIRST_ASK_RECALL_PRIOR, most of all, since a word read once fades fastest.
 *
 * With what all learners' answers say about the word (`word`), its first ask is valued at the share of first asks
 * remembered, and a graded card at the recall FSRS's estimate corrected by the word's offset implies (the stability
 * that gives that recall now): a word everyone forgets sooner than FSRS expects is asked sooner.
 */
export function recallGainOfReview(
  card: LearningCard,
  now: Date,
  clock: UserDayClock = UTC_DAY_CLOCK,
  weights: FsrsWeights | null = null,
  word: WordRecallEstimate | null = null,
): number {
  const curve = curveFor(weights);
  const model = schedulerFor(weights);
  const introduced = card.state === "new";
  const elapsed = elapsedUserDays(card, now, clock);
  // FSRS's recall after whole user days, as recallAfterWholeDays gives it, from the day count already made.
  const estimated = introduced ? null : forgettingCurve(curve, elapsed, card.stability);
  const offset = word?.recallOffset ?? null;
  // The memory the word's corrected recall implies, where all learners' answers say FSRS is off for this word.
  const implied =
    estimated !== null && offset !== null && estimated < 1 && elapsed > 0
      ? stabilityForRecall(curve, elapsed, correctedRecall(estimated, offset))
      : null;
  const memory = introduced ? null : { stability: implied ?? card.stability, difficulty: card.difficulty };
  const recall =
    estimated === null
      ? (word?.firstAskRecall ?? FIRST_ASK_RECALL_PRIOR)
      : implied === null
        ? estimated
        : forgettingCurve(curve, elapsed, implied);
  const recallOverHorizon = (stability: number, daysSince: number) => {
    let sum = 0;
    for (let day = 1; day <= REVIEW_VALUE_HORIZON_DAYS; day++)
      sum += forgettingCurve(curve, daysSince + day, stability);
    return sum;
  };
  const remembered = model.next_state(memory, elapsed, Rating.Good).stability;
  const forgotten = model.next_state(memory, elapsed, Rating.Again).stability;
  const kept = memory ? recallOverHorizon(memory.stability, elapsed) : 0;
  return recall * recallOverHorizon(remembered, 0) + (1 - recall) * recallOverHorizon(forgotten, 0) - kept;
}

/** Stable enough to count in Words Learned (known cards count separately, whatever their stability). */
export const isMastered = (card: Pick<LearningCard, "state" | "stability">): boolean =>
  card.state !== "new" && card.stability >= MASTERED_STABILITY_DAYS;

/** Whether the card may be sent as a review: graded before, not retired. */
export const isReviewable = (card: Pick<LearningCard, "state" | "knownAt">): boolean =>
  card.state !== "new" && card.knownAt === null;
