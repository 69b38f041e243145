ALTER TABLE "creator_profiles" ADD COLUMN "accepting_payments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing creators: accepting payments when their payout account can take charges (start-up then
-- applies the configured provider, docs/decisions/025); the shop's price is the cheapest plan on sale.
UPDATE "creator_profiles" SET "accepting_payments" = true WHERE EXISTS (SELECT 1 FROM "payout_accounts" WHERE "payout_accounts"."creator_id" = "creator_profiles"."user_id" AND "payout_accounts"."charges_enabled");--> statement-breakpoint
UPDATE "creator_profiles" SET "lowest_price_cents" = NULL WHERE NOT "accepting_payments";