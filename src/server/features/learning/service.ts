/** The learning loop's public entry (decision 004): cards made on delivery, grades, the review queue, progress. */
export { buildAnkiPackage } from "./anki-package";
export { userDayClock } from "./cards";
export { learningHistoryOf, type ExportedCard } from "./export";
export { recordGrade, markCardKnown, unmarkCardKnown, type GradeRequest } from "./grading";
export { answerDelivery, findDeliveryCard, type AnsweredDelivery, type DeliveryAnswer } from "./link-answers";
export { createCardsOnDelivery } from "./on-delivery";
export { respreadReviewsAfterPause, type ResumingLearner } from "./pause-backlog";
export { personalParametersJob, personalParametersOf, schedulingWeightsSql } from "./personal-parameters-job";
export { learningTiles, progressFor } from "./progress";
export { gradePreviewsOf, listDueCards, type LearnerDay } from "./review-queue";
