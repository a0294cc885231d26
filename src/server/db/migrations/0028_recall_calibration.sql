-- A learner's correction of FSRS's recall for lapsed cards (src/shared/rules/learning/recall-calibration.ts):
-- six numbers (the posterior's mean, covariance and count), null until their first answer to a lapsed card.
ALTER TABLE "users" ADD COLUMN "recall_calibration" double precision[];--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_recall_calibration_check" CHECK ("users"."recall_calibration" is null or cardinality("users"."recall_calibration") = 6);