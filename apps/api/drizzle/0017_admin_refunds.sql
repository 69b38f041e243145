CREATE TABLE "admin_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"purchase_id" uuid NOT NULL,
	"payment_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_refunds_amount_positive" CHECK ("admin_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_refunds" ADD CONSTRAINT "admin_refunds_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_refunds" ADD CONSTRAINT "admin_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_refunds_idempotency_key" ON "admin_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "admin_refunds_purchase_idx" ON "admin_refunds" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "admin_refunds_payment_ref_idx" ON "admin_refunds" USING btree ("payment_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_key" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_charge_idx" ON "sandbox_refunds" USING btree ("charge_id");