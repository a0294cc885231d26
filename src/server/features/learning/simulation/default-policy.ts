// The product's learning loop as the benchmark drives it: the same pure rules the dispatcher and the answer routes
// call (`planSend`, `valuationWeights`, `newCard`, `gradeCard`, `gradeOfAnswer`, `retrievability`), for a learner on
// UTC days with one e-mail a day, 1 new word per send and the default daily review cap. The e-mail asks a review
// before it shows the definition, so "I remember" cannot be hindsight here.
import {
  DAILY_REVIEW_CAP_DEFAULT,
  DAY_MS,
  HOUR_MS,
  PERSONAL_PARAMETERS_MIN_REVIEWS,
  PERSONAL_PARAMETERS_REFIT_DAYS,
  REVIEW_CANDIDATE_RECALL,
  REVIEW_DELIVERY_DEFAULT,
  WORDS_PER_SEND_DEFAULT,
} from "@shared/constants";
import { fitPersonalParameters } from "../personal-parameters";
import type { LoggedReview } from "../review-history";
import { gradeOfAnswer } from "@shared/rules/learning/answers";
import { endOfUserDay, UTC_DAY_CLOCK } from "@shared/rules/learning/day-start";
import {
  daysPerStabilityUntilRecall,
  gradeCard,
  newCard,
  recallAfterWholeDays,
  recallGainOfReview,
  type FsrsWeights,
  type LearningCard,
  type WordRecallEstimate,
} from "@shared/rules/learning/fsrs";
import {
  mayRideAlong,
  planSend,
  reviewCandidateWindow,
  valuationWeights,
  type ReviewCandidate,
} from "@shared/rules/learning/send-mix";
import type { LearnerLoop, LoopPolicy } from "./harness";

/** How long after its last grade a card of stability 1 may be nearly due, as the dispatcher's query bounds it. */
const NEARLY_DUE_MS_PER_STABILITY = daysPerStabilityUntilRecall(REVIEW_CANDIDATE_RECALL) * DAY_MS;

/** The dispatcher's candidate query (`reviewCandidates` in delivery/send-plan.ts): due, or possibly nearly due. */
const foundByDispatcherQuery = (card: LearningCard, dueBy: number): boolean =>
  card.knownAt === null &&
  (card.due.getTime() < dueBy ||
    (card.state !== "new" &&
      card.lastReview!.getTime() + card.stability * NEARLY_DUE_MS_PER_STABILITY < dueBy + HOUR_MS));

function defaultLearner(options: DefaultPolicyOptions): LearnerLoop {
  const { personalParameters } = options;
  const cards: LearningCard[] = [];
  const lastSentAt: Date[] = [];
  const log: LoggedReview[] = [];
  options.logs?.push(log);
  // As `schedulingWeightsSql` picks them: the learner's own once fitted, until then the newest pooled fit.
  let weights: FsrsWeights | null = options.pooledWeights ?? null;
  let fittedAt: number | null = null;
  let fittedReviews = 0;
  return {
    plan(now, newWordsLeft) {
      // As the dispatcher's query does, only cards that may ride along (due by the end of the user's day, or
      // nearly) are candidates, and of those the longest overdue, as many as the window holds; only those are valued.
      const dueBy = endOfUserDay(now, UTC_DAY_CLOCK).getTime();
      const found = cards.flatMap((card, word) => (foundByDispatcherQuery(card, dueBy) ? [word] : []));
      const ridingAlongUnder = (under: FsrsWeights | null): ReviewCandidate<number>[] =>
        found
          .map((word) => ({
            id: word,
            due: cards[word]!.due,
            recall: recallAfterWholeDays(cards[word]!, now, UTC_DAY_CLOCK, under),
            recallGain: 0,
            lastSentAt: lastSentAt[word] ?? null,
          }))
          .filter((candidate) => mayRideAlong(candidate, now, UTC_DAY_CLOCK));
      // As the dispatcher does: a backlog is valued under the learner's weights, other sends on FSRS's defaults.
      const onDefaults = ridingAlongUnder(null);
      const under = valuationWeights(onDefaults, now, UTC_DAY_CLOCK, DAILY_REVIEW_CAP_DEFAULT, weights);
      const candidates = (under === null ? onDefaults : ridingAlongUnder(under))
        .sort((a, b) => a.due.getTime() - b.due.getTime() || a.id - b.id)
        .slice(0, reviewCandidateWindow(DAILY_REVIEW_CAP_DEFAULT))
        .map((candidate) => ({
          ...candidate,
          recallGain: recallGainOfReview(
            cards[candidate.id]!,
            now,
            UTC_DAY_CLOCK,
            under,
            options.wordEstimates?.get(candidate.id) ?? null,
          ),
        }));
      const send = planSend({
        reviews: candidates,
        newWordsAvailable: newWordsLeft,
        newWordsPerSend: WORDS_PER_SEND_DEFAULT,
        // One send a day: no review has gone out yet in the user's day when it is planned.
        reviewsSentToday: 0,
        dailyReviewCap: DAILY_REVIEW_CAP_DEFAULT,
        reviewDelivery: REVIEW_DELIVERY_DEFAULT,
        now,
        clock: UTC_DAY_CLOCK,
      });
      for (const word of send.reviews) lastSentAt[word] = now;
      return send;
    },
    introduce(word, now) {
      cards[word] = newCard(now);
      lastSentAt[word] = now;
    },
    answer(word, answer, now) {
      const grade = gradeOfAnswer(answer);
      cards[word] = gradeCard(cards[word]!, grade, now, "email", weights, UTC_DAY_CLOCK).card;
      log.push({ cardId: word, wordId: word, grade, reviewedAt: now });
    },
    async endOfDay(now) {
      if (!personalParameters || log.length < PERSONAL_PARAMETERS_MIN_REVIEWS) return;
      const due =
        fittedAt === null ||
        (now.getTime() - fittedAt >= PERSONAL_PARAMETERS_REFIT_DAYS * DAY_MS && log.length > fittedReviews);
      if (!due) return;
      weights = (await fitPersonalParameters(log, UTC_DAY_CLOCK)) ?? weights;
      fittedAt = now.getTime();
      fittedReviews = log.length;
    },
    // An unanswered review is not graded: the card stays due and rides along again at the next send.
    unanswered() {},
  };
}

export interface DefaultPolicyOptions {
  /**
   * Each learner's FSRS weights are refitted by the product's own rule (from PERSONAL_PARAMETERS_MIN_REVIEWS reviews,
   * then daily while the log grows) with the product's optimiser call.
   */
  personalParameters: boolean;
  /** The newest pooled fit, the weights of a learner without their own (null or absent: FSRS's defaults). */
  pooledWeights?: FsrsWeights | null;
  /** Each learner's review log, as the product's review_logs would hold it, is pushed here when the learner starts. */
  logs?: LoggedReview[][];
  /** What all learners' answers say about each word (`word_recall_estimates`), by word; absent: nothing yet. */
  wordEstimates?: ReadonlyMap<number, WordRecallEstimate>;
}

/** The product's loop. */
export const defaultPolicy = (options: DefaultPolicyOptions): LoopPolicy => ({
  name: "default",
  reviewShowsDefinition: false,
  learner: () => defaultLearner(options),
});
