import { DAY_MS } from "@shared/constants";
import { addDays, dayNumber, userDayOf, type UserDayClock } from "./day-start";
import { isMastered, isReviewable, type LearningCard, type ReviewLogEntry } from "./fsrs";

type CardFacts = Pick<LearningCard, "state" | "stability" | "due" | "knownAt">;

/** Words Learned: cards FSRS holds stable for three weeks or more, plus words the user marked as known. */
export const wordsLearned = (cards: readonly CardFacts[]): number =>
  cards.filter((card) => card.knownAt !== null || isMastered(card)).length;

/**
 * What Completion Rate measures: the scheduled reviews that fell due (`measured`) and those graded within a day of
 * falling due (`onTime`; early counts). A review still open less than a day after falling due is not counted yet;
 * one open longer is counted as missed. Learning steps (minutes apart) are not scheduled reviews and do not count.
 */
export function completionCounts(
  logs: readonly Pick<ReviewLogEntry, "stateBefore" | "dueBefore" | "reviewedAt">[],
  cards: readonly CardFacts[],
  now: Date,
): { onTime: number; measured: number } {
  const scheduled = logs.filter((log) => log.stateBefore === "review");
  const onTime = scheduled.filter(
    (log) => log.reviewedAt.getTime() <= log.dueBefore.getTime() + DAY_MS,
  ).length;
  const missedOpen = cards.filter(
    (card) => isReviewable(card) && card.state === "review" && card.due.getTime() + DAY_MS < now.getTime(),
  ).length;
  return { onTime, measured: scheduled.length + missedOpen };
}

/** Completion Rate, a whole percentage of `completionCounts`; 0 when nothing has fallen due (the tile's default). */
export const completionRateOf = ({ onTime, measured }: { onTime: number; measured: number }): number =>
  measured === 0 ? 0 : Math.round((100 * onTime) / measured);

export const completionRate = (...args: Parameters<typeof completionCounts>): number =>
  completionRateOf(completionCounts(...args));

/**
 * Reviews due on each of the next `days` user days (today first, with everything overdue folded into today). "Due"
 * is /review's meaning (issue 22): a word introduced and never answered is a new card due at its introduction, and
 * counts like any other due card; only known cards never fall due.
 */
export function dueForecast(
  cards: readonly CardFacts[],
  now: Date,
  clock: UserDayClock,
  days = 30,
): { day: string; due: number }[] {
  const today = userDayOf(now, clock);
  const counts = Array.from({ length: days }, (_, offset) => ({ day: addDays(today, offset), due: 0 }));
  for (const card of cards) {
    if (card.knownAt !== null) continue;
    const offset = Math.max(0, dayNumber(userDayOf(card.due, clock)) - dayNumber(today));
    if (offset < days) counts[offset]!.due += 1;
  }
  return counts;
}
