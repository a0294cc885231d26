ALTER TABLE "users" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "onboarding_skipped_at" timestamp with time zone;--> statement-breakpoint
-- Everyone who signed up before the first-session flow existed has seen the app already: count them as onboarded.
UPDATE "users" SET "onboarded_at" = "created_at";
