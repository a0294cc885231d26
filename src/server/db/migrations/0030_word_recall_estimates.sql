CREATE TABLE "word_recall_estimates" (
	"word_id" integer PRIMARY KEY NOT NULL,
	"first_asks" integer NOT NULL,
	"first_ask_recall" double precision,
	"graded_reviews" integer NOT NULL,
	"recall_offset" double precision,
	"fitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "word_recall_estimates" ADD CONSTRAINT "word_recall_estimates_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;