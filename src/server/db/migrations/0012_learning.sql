CREATE TABLE "cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"word_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"subscription_id" integer,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" text NOT NULL,
	"last_review" timestamp with time zone,
	"known_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_state_check" CHECK ("cards"."state" in ('new', 'learning', 'review', 'relearning'))
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"grade" text NOT NULL,
	"state_before" text NOT NULL,
	"state_after" text NOT NULL,
	"elapsed_days" integer NOT NULL,
	"due_before" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"delivery_id" integer,
	CONSTRAINT "review_logs_grade_check" CHECK ("review_logs"."grade" in ('again', 'hard', 'good', 'easy')),
	CONSTRAINT "review_logs_state_check" CHECK ("review_logs"."state_before" in ('new', 'learning', 'review', 'relearning') and "review_logs"."state_after" in ('new', 'learning', 'review', 'relearning')),
	CONSTRAINT "review_logs_channel_check" CHECK ("review_logs"."channel" in ('email', 'sms', 'push', 'in_app', 'web'))
);
--> statement-breakpoint
DROP INDEX "deliveries_subscription_slot_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_review_cap" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_start" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_end" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "day_starts_at_hour" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paused_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "words_per_send" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "slot_position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "kind" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_user_word_unique" ON "cards" USING btree ("user_id","word_id");--> statement-breakpoint
CREATE INDEX "cards_user_due_idx" ON "cards" USING btree ("user_id","due") WHERE "cards"."known_at" is null;--> statement-breakpoint
CREATE INDEX "cards_user_topic_due_idx" ON "cards" USING btree ("user_id","topic_id","due") WHERE "cards"."known_at" is null;--> statement-breakpoint
CREATE INDEX "review_logs_user_reviewed_idx" ON "review_logs" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_logs_card_idx" ON "review_logs" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_logs_delivery_unique" ON "review_logs" USING btree ("delivery_id") WHERE "review_logs"."delivery_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_subscription_slot_unique" ON "deliveries" USING btree ("subscription_id","slot_at","slot_position") WHERE "deliveries"."source" = 'scheduled';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_daily_review_cap_check" CHECK ("users"."daily_review_cap" between 1 and 200);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_day_starts_at_hour_check" CHECK ("users"."day_starts_at_hour" between 0 and 23);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_quiet_hours_check" CHECK (("users"."quiet_start" is null) = ("users"."quiet_end" is null)
          and ("users"."quiet_start" is null or ("users"."quiet_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
               and "users"."quiet_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "users"."quiet_start" <> "users"."quiet_end")));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pause_check" CHECK (("users"."paused_from" is null) = ("users"."paused_until" is null)
          and ("users"."paused_from" is null or "users"."paused_until" > "users"."paused_from"));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_words_per_send_check" CHECK ("subscriptions"."words_per_send" between 1 and 5);--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_kind_check" CHECK ("deliveries"."kind" in ('new', 'review'));--> statement-breakpoint
-- Backfill: a card for every word already delivered, as introduceCard (shared/rules/learning/fsrs.ts) makes it at
-- the word's first delivery: FSRS's first learning step graded Good (ts-fsrs defaults: learning, step 1, due 10
-- minutes later, stability w[2] = 2.3065, difficulty 2.11810397). learning.test.ts checks these figures against
-- introduceCard. The first delivery of each (user, word) counts; when it reached the user is its sent_at, or its
-- creation for a send that never went out. No review log is written: nobody graded anything yet.
INSERT INTO "cards" ("user_id", "word_id", "topic_id", "subscription_id", "due", "stability", "difficulty",
                     "elapsed_days", "scheduled_days", "learning_steps", "reps", "lapses", "state", "last_review",
                     "created_at")
SELECT DISTINCT ON (d."user_id", d."word_id")
       d."user_id", d."word_id", d."topic_id", d."subscription_id",
       coalesce(d."sent_at", d."created_at") + interval '10 minutes', 2.3065, 2.11810397, 0, 0, 1, 1, 0, 'learning',
       coalesce(d."sent_at", d."created_at"), coalesce(d."sent_at", d."created_at")
FROM "deliveries" d
ORDER BY d."user_id", d."word_id", coalesce(d."sent_at", d."created_at"), d."id";
