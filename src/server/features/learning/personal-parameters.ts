import { computeParameters, FSRSBindingItem, FSRSBindingReview } from "@open-spaced-repetition/binding";
import { default_w } from "ts-fsrs";
import { PERSONAL_PARAMETERS_MIN_REVIEWS, type LearningGrade } from "@shared/constants";
import { dayNumber, userDayOf, type UserDayClock } from "@shared/rules/learning/day-start";
import { ratingOfGrade, type FsrsWeights } from "@shared/rules/learning/fsrs";

/** One review-log row, as much of it as the optimiser reads. */
export interface ReviewForFit {
  cardId: number;
  grade: LearningGrade;
  reviewedAt: Date;
}

/**
 * FSRS's optimiser learns from each card's history as the reviews it had up to each review after the first, with the
 * days between them counted in whole user days (Anki's convention, and what FSRS's weights are fitted for). Grades on
 * the same user day have 0 days between them: that is the short-term memory FSRS-6 models. The items are listed card
 * by card, cards in the order of their first answer (historyForFit reads the log in time order). The optimiser
 * weights an item by its place in the list (the last most), assuming time order. Sorting the items by their last
 * answer lost words on the learning bench (session 43, docs/bench-learning.md), so they stay in card order.
 */
export function trainingItems(reviews: readonly ReviewForFit[], clock: UserDayClock): FSRSBindingItem[] {
  const byCard = new Map<number, ReviewForFit[]>();
  for (const review of reviews) {
    const list = byCard.get(review.cardId) ?? [];
    list.push(review);
    byCard.set(review.cardId, list);
  }
  const items: FSRSBindingItem[] = [];
  for (const history of byCard.values()) {
    history.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    const days = history.map((review) => dayNumber(userDayOf(review.reviewedAt, clock)));
    const steps = history.map(
      (review, index) =>
        new FSRSBindingReview(ratingOfGrade(review.grade), index === 0 ? 0 : days[index]! - days[index - 1]!),
    );
    for (let end = 2; end <= steps.length; end++) items.push(new FSRSBindingItem(steps.slice(0, end)));
  }
  return items;
}

/**
 * How often the optimiser's progress thread looks at the fit (its `timeout`). The binding starts that thread for every
 * fit, it sleeps this long between looks, and the fit ends only once it has woken to see it done: at the binding's
 * default, 500 ms, every fit took half a second of waiting for 5-50 ms of work (measured: 64-3,200 reviews). A look is
 * a mutex and two numbers, so 200 a second cost nothing.
 */
const OPTIMISER_PROGRESS_POLL_MS = 5;

/**
 * FSRS weights fitted by FSRS's reference optimiser (the Rust `fsrs` crate through its Node binding) on training items,
 * or null when it had nothing to learn from. The optimiser has its own small-data path: under 64 items it fits only
 * the first stabilities (from 8 items on) and keeps the other defaults, and with too little even for that it returns
 * the defaults, which we do not store as anyone's own.
 */
export async function fitParameters(items: readonly FSRSBindingItem[]): Promise<FsrsWeights | null> {
  const longTerm = items.filter((item) => item.longTermReviewCnt() > 0);
  if (longTerm.length === 0) return null;
  const weights = await computeParameters(longTerm, {
    enableShortTerm: true,
    timeout: OPTIMISER_PROGRESS_POLL_MS,
  });
  if (!weights.every(Number.isFinite)) return null;
  const defaults = weights.every(
    (weight, index) => Math.abs(weight - (default_w[index] ?? Number.NaN)) < 1e-4,
  );
  return defaults ? null : weights;
}

/**
 * The pooled fit (issue 22): FSRS's weights fitted on several learners' histories together, each counted in their
 * own user days; null as for fitParameters.
 */
export async function fitPooledParameters(
  learners: readonly { history: readonly ReviewForFit[]; clock: UserDayClock }[],
): Promise<FsrsWeights | null> {
  return fitParameters(learners.flatMap(({ history, clock }) => trainingItems(history, clock)));
}

/**
 * A learner's own FSRS weights, or null while they have fewer than PERSONAL_PARAMETERS_MIN_REVIEWS reviews or the
 * optimiser found nothing to fit in them (no card reviewed across days yet).
 */
export async function fitPersonalParameters(
  reviews: readonly ReviewForFit[],
  clock: UserDayClock,
): Promise<FsrsWeights | null> {
  if (reviews.length < PERSONAL_PARAMETERS_MIN_REVIEWS) return null;
  return fitParameters(trainingItems(reviews, clock));
}
