ALTER TABLE "subscriptions" ADD COLUMN "link_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "link_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "schedule_notice" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_link_id_unique" ON "subscriptions" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_link_id_unique" ON "deliveries" USING btree ("link_id");