CREATE TABLE "creator_referral_signups" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"code" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"signed_up_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"plan_ids" uuid[],
	"duration" text NOT NULL,
	"duration_months" integer,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"one_per_customer" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK ("promo_codes"."code" ~ '^[A-Za-z0-9_-]{3,32}$'),
	CONSTRAINT "promo_codes_discount_shape" CHECK (("promo_codes"."discount_kind" = 'percent' and "promo_codes"."percent_off" between 1 and 100 and "promo_codes"."amount_off_cents" is null)
       or ("promo_codes"."discount_kind" = 'amount' and "promo_codes"."amount_off_cents" between 1 and 1000000 and "promo_codes"."percent_off" is null)),
	CONSTRAINT "promo_codes_duration_shape" CHECK (("promo_codes"."duration" = 'repeating' and "promo_codes"."duration_months" between 1 and 36)
       or ("promo_codes"."duration" <> 'repeating' and "promo_codes"."duration_months" is null)),
	CONSTRAINT "promo_codes_max_redemptions" CHECK ("promo_codes"."max_redemptions" is null or "promo_codes"."max_redemptions" >= 1)
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "percent_off" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "amount_off_cents" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "discount_duration" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "discount_months" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "referral_source" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "referred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "discount" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "payments_made" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_referral_signups" ADD CONSTRAINT "creator_referral_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_referral_signups" ADD CONSTRAINT "creator_referral_signups_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_referral_signups_creator_time_idx" ON "creator_referral_signups" USING btree ("creator_id","signed_up_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_creator_code_key" ON "promo_codes" USING btree ("creator_id",upper("code"));--> statement-breakpoint
CREATE INDEX "promo_codes_creator_idx" ON "promo_codes" USING btree ("creator_id","created_at");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_promo_code_idx" ON "purchases" USING btree ("promo_code_id","user_id") WHERE "purchases"."promo_code_id" is not null;--> statement-breakpoint
CREATE INDEX "purchases_referral_idx" ON "purchases" USING btree ("creator_id","created_at") WHERE "purchases"."referral_source" is not null;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_discount_shape" CHECK ("purchases"."discount_kind" is null
       or ("purchases"."discount_kind" = 'percent' and "purchases"."percent_off" between 1 and 100 and "purchases"."discount_duration" is not null)
       or ("purchases"."discount_kind" = 'amount' and "purchases"."amount_off_cents" > 0 and "purchases"."discount_duration" is not null));