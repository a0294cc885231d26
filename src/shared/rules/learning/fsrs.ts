import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  Rating,
  State,
  type Card as FsrsCard,
  type Grade,
} from "ts-fsrs";
import {
  DAY_MS,
  DESIRED_RETENTION,
  LEARNING_GRADES,
  MASTERED_STABILITY_DAYS,
  QUICK_GRADES,
  type LearningGrade,
  type QuickGrade,
} from "@shared/constants";

/**
 * The one configured scheduler: ts-fsrs's default weights, our desired retention, fuzz on (so words learned together
 * do not stay due together forever). Everything about intervals is ts-fsrs's; nothing here re-implements it.
 */
export const scheduler = fsrs(
  generatorParameters({ request_retention: DESIRED_RETENTION, enable_fuzz: true }),
);

/** FSRS's weights as its optimiser fits them (21 numbers for FSRS-6); null means the defaults. */
export type FsrsWeights = readonly number[];

const personalSchedulers = new Map<string, typeof scheduler>();
/**
 * The scheduler for a learner's own weights (issue 16: fitted once they have enough reviews), or the default one.
 * Cached by weights: a grade should not rebuild a scheduler.
 */
export function schedulerFor(weights: FsrsWeights | null): typeof scheduler {
  if (!weights) return scheduler;
  const key = weights.join(",");
  let found = personalSchedulers.get(key);
  if (!found) {
    found = fsrs(
      generatorParameters({ request_retention: DESIRED_RETENTION, enable_fuzz: true, w: [...weights] }),
    );
    if (personalSchedulers.size > 1_000) personalSchedulers.clear();
    personalSchedulers.set(key, found);
  }
  return found;
}

export type CardState = "new" | "learning" | "review" | "relearning";
export const CARD_STATES: readonly CardState[] = ["new", "learning", "review", "relearning"];
/** Where a grade came from (the channels of the send engine, the in-app notification, the web pages). */
export type GradeChannel = "email" | "sms" | "push" | "in_app" | "web";

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

export const gradeOfQuick = (quick: QuickGrade): LearningGrade => QUICK_GRADES[quick];

/** A word just delivered for the first time: new, due now. */
export function newCard(now: Date): LearningCard {
  return fromFsrs(createEmptyCard(now), null);
}

function toFsrs(card: LearningCard): FsrsCard {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: FSRS_STATE[card.state],
    ...(card.lastReview ? { last_review: card.lastReview } : {}),
  };
}

function fromFsrs(card: FsrsCard, knownAt: Date | null): LearningCard {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_OF[card.state],
    lastReview: card.last_review ?? null,
    knownAt,
  };
}

/** Records one grade: the card FSRS schedules next, and the log row that explains it. */
export function gradeCard(
  card: LearningCard,
  grade: LearningGrade,
  now: Date,
  channel: GradeChannel,
  weights: FsrsWeights | null = null,
): { card: LearningCard; log: ReviewLogEntry } {
  if (card.knownAt) throw new Error("A card marked as known is retired and cannot be graded");
  const next = schedulerFor(weights).next(toFsrs(card), now, RATING_OF[grade]);
  return {
    card: fromFsrs(next.card, null),
    log: {
      grade,
      stateBefore: card.state,
      stateAfter: STATE_OF[next.card.state],
      elapsedDays: card.lastReview
        ? Math.max(0, Math.floor((now.getTime() - card.lastReview.getTime()) / DAY_MS))
        : 0,
      dueBefore: card.due,
      reviewedAt: now,
      channel,
    },
  };
}

/**
 * A word delivered for the first time: the learner has just read it with its definition, which is FSRS's first
 * learning step graded Good. The card goes through ts-fsrs's learning steps and comes back as a review; a quick
 * grade tapped on that same delivery is simply the next grade.
 */
export const introduceCard = (now: Date, channel: GradeChannel, weights: FsrsWeights | null = null) =>
  gradeCard(newCard(now), "good", now, channel, weights);

/** "I already know this word": retired from sending, counted as known. */
export const markKnown = (card: LearningCard, now: Date): LearningCard => ({ ...card, knownAt: now });
/** Undoes markKnown: the card resumes where FSRS left it. */
export const unmarkKnown = (card: LearningCard): LearningCard => ({ ...card, knownAt: null });

/** FSRS's probability that the word is recalled at `now` (0 for a card never graded). */
export function retrievability(card: LearningCard, now: Date): number {
  if (card.state === "new") return 0;
  return scheduler.get_retrievability(toFsrs(card), now, false);
}

/** Stable enough to count in Words Learned (known cards count separately, whatever their stability). */
export const isMastered = (card: Pick<LearningCard, "state" | "stability">): boolean =>
  card.state !== "new" && card.stability >= MASTERED_STABILITY_DAYS;

/** Whether the card may be sent as a review: graded before, not retired. */
export const isReviewable = (card: Pick<LearningCard, "state" | "knownAt">): boolean =>
  card.state !== "new" && card.knownAt === null;
