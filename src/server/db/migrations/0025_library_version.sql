CREATE TABLE "library_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
INSERT INTO "library_version" ("id") VALUES (1);--> statement-breakpoint
CREATE FUNCTION "library_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "library_version" ("id", "version") VALUES (1, gen_random_uuid())
    ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "words_library_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "words"
  FOR EACH STATEMENT EXECUTE FUNCTION "library_changed"();--> statement-breakpoint
CREATE TRIGGER "topics_library_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "topics"
  FOR EACH STATEMENT EXECUTE FUNCTION "library_changed"();
