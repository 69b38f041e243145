CREATE TABLE "affiliate_arrangements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"invited_email" text NOT NULL,
	"affiliate_id" uuid,
	"code" text NOT NULL,
	"reward_kind" text NOT NULL,
	"amount_cents" integer,
	"percent_bps" integer,
	"payments" text NOT NULL,
	"plan_ids" uuid[],
	"status" text DEFAULT 'invited' NOT NULL,
	"invite_token_hash" text NOT NULL,
	"invite_expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_arrangements_code_format" CHECK ("affiliate_arrangements"."code" ~ '^[A-Za-z0-9_-]{8,64}$'),
	CONSTRAINT "affiliate_arrangements_reward" CHECK (("affiliate_arrangements"."reward_kind" = 'fixed' and "affiliate_arrangements"."amount_cents" > 0 and "affiliate_arrangements"."percent_bps" is null)
       or ("affiliate_arrangements"."reward_kind" = 'percent' and "affiliate_arrangements"."percent_bps" between 1 and 10000 and "affiliate_arrangements"."amount_cents" is null)),
	CONSTRAINT "affiliate_arrangements_accepted" CHECK (("affiliate_arrangements"."status" = 'invited') = ("affiliate_arrangements"."affiliate_id" is null))
);
--> statement-breakpoint
CREATE TABLE "affiliate_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"arrangement_id" uuid NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "affiliate_clicks_hash_format" CHECK ("affiliate_clicks"."visitor_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "affiliate_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"arrangement_id" uuid,
	"purchase_id" uuid,
	"payout_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"description" text NOT NULL,
	"provider_ref" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_ledger_entries_sign" CHECK (("affiliate_ledger_entries"."kind" in ('commission', 'payout_reversal') and "affiliate_ledger_entries"."amount_cents" > 0)
       or ("affiliate_ledger_entries"."kind" in ('commission_reversal', 'payout') and "affiliate_ledger_entries"."amount_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "affiliate_referrals" (
	"purchase_id" uuid PRIMARY KEY NOT NULL,
	"arrangement_id" uuid NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign";--> statement-breakpoint
ALTER TABLE "payout_accounts" DROP CONSTRAINT "payout_accounts_creator_id_creator_profiles_user_id_fk";
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_creator_id_creator_profiles_user_id_fk";
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "purse" text DEFAULT 'creator' NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_arrangements" ADD CONSTRAINT "affiliate_arrangements_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_arrangements" ADD CONSTRAINT "affiliate_arrangements_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_arrangement_id_affiliate_arrangements_id_fk" FOREIGN KEY ("arrangement_id") REFERENCES "public"."affiliate_arrangements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger_entries" ADD CONSTRAINT "affiliate_ledger_entries_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger_entries" ADD CONSTRAINT "affiliate_ledger_entries_arrangement_id_affiliate_arrangements_id_fk" FOREIGN KEY ("arrangement_id") REFERENCES "public"."affiliate_arrangements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger_entries" ADD CONSTRAINT "affiliate_ledger_entries_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_arrangement_id_affiliate_arrangements_id_fk" FOREIGN KEY ("arrangement_id") REFERENCES "public"."affiliate_arrangements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_arrangements_code_key" ON "affiliate_arrangements" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_arrangements_token_key" ON "affiliate_arrangements" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "affiliate_arrangements_creator_idx" ON "affiliate_arrangements" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_arrangements_affiliate_idx" ON "affiliate_arrangements" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_visitor_key" ON "affiliate_clicks" USING btree ("arrangement_id","visitor_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_ledger_entries_kind_ref_key" ON "affiliate_ledger_entries" USING btree ("kind","provider_ref");--> statement-breakpoint
CREATE INDEX "affiliate_ledger_entries_affiliate_idx" ON "affiliate_ledger_entries" USING btree ("affiliate_id","occurred_at");--> statement-breakpoint
CREATE INDEX "affiliate_ledger_entries_arrangement_idx" ON "affiliate_ledger_entries" USING btree ("arrangement_id");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_arrangement_idx" ON "affiliate_referrals" USING btree ("arrangement_id");--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign" CHECK (("ledger_entries"."kind" in ('charge', 'payout_reversal', 'affiliate_commission_reversal') and "ledger_entries"."amount_cents" > 0)
       or ("ledger_entries"."kind" in ('refund', 'payout', 'affiliate_commission') and "ledger_entries"."amount_cents" < 0)
       or ("ledger_entries"."kind" = 'platform_fee' and "ledger_entries"."amount_cents" <> 0));--> statement-breakpoint
-- Hand-written (decision 038): the affiliates' earnings ledger is append-only, like ledger_entries.
CREATE FUNCTION "affiliate_ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'affiliate_ledger_entries is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "affiliate_ledger_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "affiliate_ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "affiliate_ledger_entries_append_only"();
