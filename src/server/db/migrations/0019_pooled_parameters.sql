CREATE TABLE "pooled_fsrs_parameters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pooled_fsrs_parameters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"weights" double precision[] NOT NULL,
	"reviews" integer NOT NULL,
	"learners" integer NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pooled_fsrs_parameters_weights_check" CHECK (cardinality("pooled_fsrs_parameters"."weights") between 17 and 21)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fsrs_weights_reviews" integer;--> statement-breakpoint
CREATE INDEX "pooled_fsrs_parameters_fitted_idx" ON "pooled_fsrs_parameters" USING btree ("fitted_at");