CREATE TABLE "telegram_chats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "telegram_chats_chat_id_unique" UNIQUE("chat_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_link_tokens" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_messages" (
	"delivery_id" integer PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" integer NOT NULL,
	"position" integer NOT NULL,
	"block" text NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscription_channels" DROP CONSTRAINT "subscription_channels_channel_check";--> statement-breakpoint
ALTER TABLE "delivery_sends" DROP CONSTRAINT "delivery_sends_channel_check";--> statement-breakpoint
ALTER TABLE "review_logs" DROP CONSTRAINT "review_logs_channel_check";--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_messages" ADD CONSTRAINT "telegram_messages_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_link_tokens_user_idx" ON "telegram_link_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telegram_messages_message_idx" ON "telegram_messages" USING btree ("chat_id","message_id");--> statement-breakpoint
ALTER TABLE "subscription_channels" ADD CONSTRAINT "subscription_channels_channel_check" CHECK ("subscription_channels"."channel" in ('email', 'sms', 'push', 'telegram', 'in_app'));--> statement-breakpoint
ALTER TABLE "delivery_sends" ADD CONSTRAINT "delivery_sends_channel_check" CHECK ("delivery_sends"."channel" in ('email', 'sms', 'push', 'telegram'));--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_channel_check" CHECK ("review_logs"."channel" in ('email', 'sms', 'push', 'telegram', 'in_app', 'web'));