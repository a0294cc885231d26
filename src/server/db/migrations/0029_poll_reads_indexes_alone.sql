-- The poll's miss (GET /api/activity/recent, every open tab) reads each learner's ten newest in-app deliveries and
-- their cards. With the columns it reads kept in the two indexes it looks them up by (INCLUDE), PostgreSQL answers
-- from the indexes alone (index-only scans) wherever the visibility map says a row is visible to all, instead of
-- visiting a heap page for each of the twenty rows: on the bench's data, 208 -> 51 buffers a read of 16 learners'
-- deliveries and 640 -> 481 of their cards, and 8-13 us less of PostgreSQL's CPU a miss (docs/operations.md). The
-- price is on writes: the indexes are wider, and marking a word read (read_at) is no longer a HOT update.
-- The visibility map is set by (auto)vacuum: by default it comes by after a fifth of a table's rows changed, which on
-- a table of a hundred million deliveries is weeks; after 1% it is about a day's deliveries at a million learners.
DROP INDEX IF EXISTS "deliveries_recent_idx";--> statement-breakpoint
CREATE INDEX "deliveries_recent_idx" ON "deliveries" USING btree ("user_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("read_at","word_id","topic_id","subscription_id","kind") WHERE "deliveries"."in_app" and "deliveries"."dismissed_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "cards_user_word_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "cards_user_word_unique" ON "cards" USING btree ("user_id","word_id") INCLUDE ("id","due","known_at","last_review");--> statement-breakpoint
ALTER TABLE "deliveries" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);--> statement-breakpoint
ALTER TABLE "cards" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
