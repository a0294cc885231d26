import type { LearningGrade, QuickGrade } from "@shared/constants";
import { userDaysBetween, type UserDayClock } from "./day-start";

/**
 * What an answer means to FSRS (issue 22), one table for every channel:
 *
 * - `knew_already`: "I knew this already" on a word just introduced (its definition in view). Easy: it is not a
 *   recall after a gap, it says the word needs no teaching. ("I already know this", which retires the card, is
 *   separate and has its undo.) Not Known: a learner who claims a word they only recognise would never be asked it
 *   again, and with learners who overclaim that loses more words than retiring the truly known ones frees review
 *   places for (measured in docs/bench-learning.md, session 30).
 * - `remember` / `forgot`: the learner was asked the word before seeing its definition ("I remember" / "I forgot").
 *   Good / Again. An introduction never answered is asked this way at a later send, so that is its first rating.
 * - `picked_right` / `picked_wrong`: multiple choice. A right pick counts at most Hard: one in three is a guess.
 */
export type LearnerAnswer = "knew_already" | "remember" | "forgot" | "picked_right" | "picked_wrong";

const GRADE_OF_ANSWER: Record<LearnerAnswer, LearningGrade> = {
  knew_already: "easy",
  remember: "good",
  forgot: "again",
  picked_right: "hard",
  picked_wrong: "again",
};

export const gradeOfAnswer = (answer: LearnerAnswer): LearningGrade => GRADE_OF_ANSWER[answer];

/**
 * The answer a one-tap "knew it" / "didn't know" means on a delivered word (e-mail buttons, push actions, SMS 1/2):
 * on a new word shown with its definition, "knew it" is "I knew this already"; on a review, asked before telling,
 * it is "I remember".
 */
export const answerOfTap = (tap: QuickGrade, deliveryKind: "new" | "review"): LearnerAnswer =>
  tap === "didnt_know" ? "forgot" : deliveryKind === "new" ? "knew_already" : "remember";

/**
 * When a word comes back, in the learner's days, as every confirmation says it ("comes back tomorrow, with your next
 * words"). Words come back with a send (`planSend`): the first send whose user day is the due date's or later, and
 * never one of the answer's own day (daily channels have no minute steps, and a word sent today waits for the next
 * day). So the day is floored to tomorrow, and when the subscription's next send (`nextSendAt`; null when none is
 * planned) already falls on or after that day, the word rides with it, however far the FSRS due date is. Otherwise
 * it is the due day's send ("in 4 days").
 */
export function comesBackIn(due: Date, now: Date, clock: UserDayClock, nextSendAt: Date | null): string {
  const days = Math.max(1, userDaysBetween(now, due, clock));
  const nextSendDays = nextSendAt && userDaysBetween(now, nextSendAt, clock);
  if (nextSendDays !== null && nextSendDays >= days) {
    return nextSendDays === 1
      ? "tomorrow, with your next words"
      : `with your next words, in ${nextSendDays} days`;
  }
  return days === 1 ? "tomorrow" : `in ${days} days`;
}
