ALTER TABLE "users" ALTER COLUMN "daily_review_cap" SET DEFAULT 10;--> statement-breakpoint
-- Issue 22: a delivery is an introduction, not a review. A card that was introduced (0012's backfill, or the
-- dispatcher's first learning step graded Good) and never answered becomes a new card again, due at its
-- introduction, so the learner's first answer is its first rating.
UPDATE "cards" SET "state" = 'new', "due" = "last_review", "stability" = 0, "difficulty" = 0, "elapsed_days" = 0,
  "scheduled_days" = 0, "learning_steps" = 0, "reps" = 0, "lapses" = 0, "last_review" = NULL
WHERE "state" = 'learning' AND "reps" = 1 AND "last_review" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "review_logs" r WHERE r."card_id" = "cards"."id");
