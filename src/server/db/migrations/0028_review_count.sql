ALTER TABLE "users" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_reviewed_at" timestamp with time zone;--> statement-breakpoint
-- Each learner's count of grades and the time of the latest, kept here whoever writes the review log (the grade, a
-- cascade from a deleted card or account, a test's fixtures): the refit job then finds the learners due among the
-- users alone (users.ts), where it counted every learner's log every run. Once a statement, over its rows.
CREATE OR REPLACE FUNCTION "review_logs_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "review_count" = "review_count" + "added"."grades",
                       "last_reviewed_at" = greatest("last_reviewed_at", "added"."latest")
    FROM (SELECT "user_id", count(*) AS "grades", max("reviewed_at") AS "latest" FROM "new_logs" GROUP BY "user_id") "added"
    WHERE "users"."id" = "added"."user_id";
  ELSE
    UPDATE "users" SET "review_count" = "review_count" - "removed"."grades",
                       "last_reviewed_at" = (SELECT max("reviewed_at") FROM "review_logs" WHERE "user_id" = "users"."id")
    FROM (SELECT "user_id", count(*) AS "grades" FROM "old_logs" GROUP BY "user_id") "removed"
    WHERE "users"."id" = "removed"."user_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "review_logs_counted_on_insert" AFTER INSERT ON "review_logs"
  REFERENCING NEW TABLE AS "new_logs" FOR EACH STATEMENT EXECUTE FUNCTION "review_logs_counted"();--> statement-breakpoint
CREATE TRIGGER "review_logs_counted_on_delete" AFTER DELETE ON "review_logs"
  REFERENCING OLD TABLE AS "old_logs" FOR EACH STATEMENT EXECUTE FUNCTION "review_logs_counted"();--> statement-breakpoint
UPDATE "users" SET "review_count" = "logs"."grades", "last_reviewed_at" = "logs"."latest"
FROM (SELECT "user_id", count(*) AS "grades", max("reviewed_at") AS "latest" FROM "review_logs" GROUP BY "user_id") "logs"
WHERE "users"."id" = "logs"."user_id";
