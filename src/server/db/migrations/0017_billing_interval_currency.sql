ALTER TABLE "users" ADD COLUMN "billing_interval" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_currency" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "currency" text DEFAULT 'gbp' NOT NULL;