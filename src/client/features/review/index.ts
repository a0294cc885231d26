export { QuickGrade, ReviewBadge } from "./quick-grade";
export { ReviewDueCard } from "./review-due-card";
export { useDueCards } from "./api/due-cards";
export { useGradePreviews } from "./api/grade-previews";
