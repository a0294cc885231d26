CREATE TABLE "limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "known_link_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "limit_counters_window_end_idx" ON "limit_counters" USING btree ("window_end");