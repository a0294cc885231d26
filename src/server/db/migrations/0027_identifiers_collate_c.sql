-- Identifiers compare byte by byte (COLLATE "C"): a user's id, every column that names a user, and the hashes of
-- session and sign-in tokens. Under the database's default collation (a locale's, even C.UTF-8) each comparison in a
-- B-tree goes through strcoll; these values are hex, UUIDs and ASCII, ordered for nothing a person reads, so byte
-- order loses nothing. On the poll's miss (a session, its user, ten deliveries and their cards, all looked up by
-- these columns) it took about 13% off PostgreSQL's CPU. Each statement rebuilds the indexes of the columns it
-- changes (no table is rewritten): see docs/operations.md for the lock this takes on a large database.
ALTER TABLE "users" ALTER COLUMN "id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "token_hash" SET DATA TYPE text COLLATE "C", ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "login_tokens" ALTER COLUMN "token_hash" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "admin_audit" ALTER COLUMN "admin_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "favorites" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "billing_accounts" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "billing_checkouts" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "billing_customers" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "billing_events" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trial_card_fingerprints" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trial_grants" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "feedback" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "phone_verifications" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "review_logs" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "team_requests" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "telegram_chats" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";
