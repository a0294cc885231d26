ALTER TABLE "words" ADD COLUMN "level" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "part_of_speech" text;--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "translation" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "level" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
CREATE INDEX "words_topic_level_rank_idx" ON "words" USING btree ("topic_id","level","rank");--> statement-breakpoint
CREATE INDEX "words_lower_word_idx" ON "words" USING btree (lower("word"));--> statement-breakpoint
ALTER TABLE "words" ADD CONSTRAINT "words_level_check" CHECK ("words"."level" between 1 and 3);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_level_check" CHECK ("subscriptions"."level" between 1 and 3);