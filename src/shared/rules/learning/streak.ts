import { STREAK_FREEZE_RUN_DAYS, STREAK_FREEZES_MAX } from "@shared/constants";
import { addDays, dayNumber, userDayOf, type UserDayClock } from "./day-start";

export interface Streak {
  /** Days with at least one grade in a row, ending today or yesterday; frozen days keep it alive without adding. */
  current: number;
  /** Freezes held now (one earned per completed run of STREAK_FREEZE_RUN_DAYS graded days, at most STREAK_FREEZES_MAX). */
  freezesHeld: number;
  /** The user days a freeze covered in the current streak (YYYY-MM-DD), oldest first. */
  frozenDays: string[];
}

/**
 * The streak from every grading instant, counted in the user's days (zone and day start). Today without a grade
 * yet breaks nothing: the day is not over. A missed day spends a held freeze, or ends the streak (and any run
 * towards the next freeze); freezes held are kept across a break, as they were earned.
 */
export function computeStreak(gradedAt: readonly Date[], now: Date, clock: UserDayClock): Streak {
  const graded = new Set(gradedAt.map((instant) => userDayOf(instant, clock)));
  const today = userDayOf(now, clock);
  const first = [...graded].sort()[0];
  let streak: Streak = { current: 0, freezesHeld: 0, frozenDays: [] };
  if (!first) return streak;
  let run = 0;
  for (let day = first; dayNumber(day) <= dayNumber(today); day = addDays(day, 1)) {
    if (graded.has(day)) {
      run += 1;
      const earned = run % STREAK_FREEZE_RUN_DAYS === 0 ? 1 : 0;
      streak = {
        current: streak.current + 1,
        freezesHeld: Math.min(STREAK_FREEZES_MAX, streak.freezesHeld + earned),
        frozenDays: streak.frozenDays,
      };
    } else if (day === today) {
      break;
    } else if (streak.freezesHeld > 0 && streak.current > 0) {
      run = 0;
      streak = { ...streak, freezesHeld: streak.freezesHeld - 1, frozenDays: [...streak.frozenDays, day] };
    } else {
      run = 0;
      streak = { current: 0, freezesHeld: streak.freezesHeld, frozenDays: [] };
    }
  }
  return streak;
}
