import type { DELIVERY_KINDS } from "@shared/api/history";
import type { Rating } from "@shared/api/learning";
import { LEARNING_GRADES, type LearningGrade, type QuickGrade } from "@shared/constants";
import { answerOfTap, gradeOfAnswer } from "@shared/rules/learning/answers";

type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** FSRS's four grades as the buttons name them; the key of each is its number. */
export const RATING_LABELS: Record<Rating, string> = { 1: "Again", 2: "Hard", 3: "Good", 4: "Easy" };

/**
 * The two quick answers (notification, Today's Learning), sent as answers: the server grades them by the delivery's
 * kind, as it grades the e-mail, push and SMS ones (`answerOfTap`).
 */
export const QUICK_GRADES = [
  { answer: "knew_it", label: "Knew it" },
  { answer: "didnt_know", label: "Didn't know" },
] as const satisfies readonly { answer: QuickGrade; label: string }[];

/** The grade a quick answer records on a delivery of this kind: "Knew it" is Easy on a new word, Good on a review. */
export const gradeOfQuickAnswer = (answer: QuickGrade, kind: DeliveryKind): LearningGrade =>
  gradeOfAnswer(answerOfTap(answer, kind));

/**
 * How a graded delivery reads: the quick answer that records that grade on its kind, or the four-button name for
 * the others (Hard, or Easy on a review, given on /review).
 */
export function gradeLabel(rating: Rating, kind: DeliveryKind = "review"): string {
  const grade = LEARNING_GRADES[rating - 1];
  return (
    QUICK_GRADES.find(({ answer }) => gradeOfQuickAnswer(answer, kind) === grade)?.label ??
    RATING_LABELS[rating]
  );
}
