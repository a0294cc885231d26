CREATE TABLE "subscription_channels" (
	"subscription_id" integer NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_channels_pkey" PRIMARY KEY("subscription_id","channel"),
	CONSTRAINT "subscription_channels_channel_check" CHECK ("subscription_channels"."channel" in ('email', 'sms', 'push', 'in_app'))
);
--> statement-breakpoint
ALTER TABLE "subscription_channels" ADD CONSTRAINT "subscription_channels_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every subscription keeps exactly its switches: one row per channel, on or off, dated like the subscription.
INSERT INTO "subscription_channels" ("subscription_id", "channel", "enabled", "created_at", "updated_at")
SELECT s."id", c."channel", c."enabled", s."created_at", s."updated_at"
FROM "subscriptions" s
CROSS JOIN LATERAL (VALUES ('email', s."email_enabled"), ('in_app', s."in_app_enabled"),
                           ('sms', s."sms_enabled"), ('push', s."push_enabled")) AS c("channel", "enabled");--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "email_enabled";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "in_app_enabled";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "sms_enabled";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "push_enabled";