import type { Rating } from "@shared/api/learning";

/** FSRS's four grades as the buttons name them; the key of each is its number. */
export const RATING_LABELS: Record<Rating, string> = { 1: "Again", 2: "Hard", 3: "Good", 4: "Easy" };

/** The two quick grades (notification, Today's Learning): "Didn't know" is Again, "Knew it" is Good. */
export const QUICK_GRADES = [
  { rating: 3, label: "Knew it" },
  { rating: 1, label: "Didn't know" },
] as const satisfies readonly { rating: Rating; label: string }[];

/**
 * How a graded delivery reads: the quick grade's own words, or the four-button name for Hard and Easy. On a new word,
 * Easy is what "Knew it" records from the e-mail, push and SMS (issue 22: its definition was in view), so it reads
 * as the learner's own answer there.
 */
export function gradeLabel(rating: Rating, kind: "new" | "review" = "review"): string {
  if (kind === "new" && rating === 4) return "Knew it";
  return QUICK_GRADES.find((grade) => grade.rating === rating)?.label ?? RATING_LABELS[rating];
}
