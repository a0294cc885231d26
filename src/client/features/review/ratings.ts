import type { Rating } from "@shared/api/learning";

/** FSRS's four grades as the buttons name them; the key of each is its number. */
export const RATING_LABELS: Record<Rating, string> = { 1: "Again", 2: "Hard", 3: "Good", 4: "Easy" };

/** The two quick grades (notification, Today's Learning): "Didn't know" is Again, "Knew it" is Good. */
export const QUICK_GRADES = [
  { rating: 3, label: "Knew it" },
  { rating: 1, label: "Didn't know" },
] as const satisfies readonly { rating: Rating; label: string }[];

/** How a graded delivery reads: the quick grade's own words, or the four-button name for Hard and Easy. */
export function gradeLabel(rating: Rating): string {
  return QUICK_GRADES.find((grade) => grade.rating === rating)?.label ?? RATING_LABELS[rating];
}
