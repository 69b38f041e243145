CREATE TABLE "billing_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"purchase_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"creator_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"card_last4" text,
	"payment_ref" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"email_status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_receipts_amount_nonnegative" CHECK ("billing_receipts"."amount_cents" >= 0),
	CONSTRAINT "billing_receipts_card_last4" CHECK ("billing_receipts"."card_last4" is null or "billing_receipts"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "creator_profiles" ADD COLUMN "new_subscriber_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_receipts" ADD CONSTRAINT "billing_receipts_event_id_payment_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."payment_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_receipts" ADD CONSTRAINT "billing_receipts_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_receipts" ADD CONSTRAINT "billing_receipts_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_receipts_event_kind_key" ON "billing_receipts" USING btree ("event_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_receipts_charge_key" ON "billing_receipts" USING btree ("payment_ref") WHERE "billing_receipts"."kind" in ('charge', 'renewal');--> statement-breakpoint
CREATE INDEX "billing_receipts_recipient_idx" ON "billing_receipts" USING btree ("recipient_id","occurred_at");--> statement-breakpoint
CREATE INDEX "billing_receipts_unsent_idx" ON "billing_receipts" USING btree ("created_at") WHERE "billing_receipts"."email_status" in ('pending', 'sending');