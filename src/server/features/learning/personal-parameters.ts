import { computeParameters, FSRSBindingItem, FSRSBindingReview } from "@open-spaced-repetition/binding";
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
 * the same user day have 0 days between them: that is the short-term memory FSRS-6 models.
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
 * A learner's own FSRS weights, fitted by FSRS's reference optimiser (the Rust `fsrs` crate through its Node
 * binding), or null while they have fewer than PERSONAL_PARAMETERS_MIN_REVIEWS reviews or no card reviewed across
 * days yet (the optimiser would only return the defaults).
 */
export async function fitPersonalParameters(
  reviews: readonly ReviewForFit[],
  clock: UserDayClock,
): Promise<FsrsWeights | null> {
  if (reviews.length < PERSONAL_PARAMETERS_MIN_REVIEWS) return null;
  const items = trainingItems(reviews, clock).filter((item) => item.longTermReviewCnt() > 0);
  if (items.length === 0) return null;
  const weights = await computeParameters(items, { enableShortTerm: true });
  return weights.every(Number.isFinite) ? weights : null;
}
