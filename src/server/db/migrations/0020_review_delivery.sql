ALTER TABLE "users" ADD COLUMN "review_delivery" text DEFAULT 'with_words' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_review_time" text DEFAULT '18:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "next_daily_review_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_next_daily_review_idx" ON "users" USING btree ("next_daily_review_at") WHERE "users"."next_daily_review_at" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_review_delivery_check" CHECK ("users"."review_delivery" in ('with_words', 'daily_review', 'app_only')
          and "users"."daily_review_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');