CREATE TABLE "affiliate_commission_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_ref" text NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_transfer_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_commission_transfers_amount" CHECK ("affiliate_commission_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"charge_id" text NOT NULL,
	"account_id" text NOT NULL,
	"transfer_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "affiliate_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_commission_transfers" ADD CONSTRAINT "affiliate_commission_transfers_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commission_transfers_key" ON "affiliate_commission_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "affiliate_commission_transfers_ref_idx" ON "affiliate_commission_transfers" USING btree ("payment_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_idempotency_key" ON "sandbox_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_transfers_account_idx" ON "sandbox_transfers" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sandbox_transfers_charge_idx" ON "sandbox_transfers" USING btree ("charge_id");