CREATE TABLE "delivery_sends" (
	"delivery_id" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_sends_pkey" PRIMARY KEY("delivery_id","channel"),
	CONSTRAINT "delivery_sends_channel_check" CHECK ("delivery_sends"."channel" in ('email', 'sms', 'push')),
	CONSTRAINT "delivery_sends_status_check" CHECK ("delivery_sends"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "sms_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "push_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_sends" ADD CONSTRAINT "delivery_sends_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_sends_due_idx" ON "delivery_sends" USING btree ("channel","next_attempt_at") WHERE "delivery_sends"."status" = 'pending';--> statement-breakpoint
-- Every e-mail outbox state moves to the per-channel outbox as it stands (pending with its attempts and due time,
-- sent with its time, failed with its error); deliveries without e-mail (in-app only) get no send row.
INSERT INTO "delivery_sends" ("delivery_id", "channel", "status", "attempts", "next_attempt_at", "sent_at", "error", "created_at")
SELECT "id", 'email', "email_status", "email_attempts", "email_next_attempt_at", "email_sent_at", "email_error", "created_at"
FROM "deliveries" WHERE "email_status" IS NOT NULL;--> statement-breakpoint
DROP INDEX "deliveries_email_due_idx";--> statement-breakpoint
ALTER TABLE "deliveries" DROP COLUMN "email_status";--> statement-breakpoint
ALTER TABLE "deliveries" DROP COLUMN "email_attempts";--> statement-breakpoint
ALTER TABLE "deliveries" DROP COLUMN "email_next_attempt_at";--> statement-breakpoint
ALTER TABLE "deliveries" DROP COLUMN "email_sent_at";--> statement-breakpoint
ALTER TABLE "deliveries" DROP COLUMN "email_error";