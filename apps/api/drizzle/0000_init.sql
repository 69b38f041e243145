CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "creator_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"profile_picture" text,
	"specialty_sport" text,
	"other_sports" text[] DEFAULT '{}'::text[] NOT NULL,
	"sports" text[] DEFAULT '{}'::text[] NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"country" text,
	"lowest_price_cents" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("creator_profiles"."display_name" || ' ' || "creator_profiles"."username" || ' ' || "creator_profiles"."bio")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_profiles_username_format" CHECK ("creator_profiles"."username" ~ '^[A-Za-z0-9_]{3,30}$'),
	CONSTRAINT "creator_profiles_price_positive" CHECK ("creator_profiles"."lowest_price_cents" is null or "creator_profiles"."lowest_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"interval" text,
	"access_days" integer,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_price_range" CHECK ("subscription_plans"."price_cents" between 100 and 1000000),
	CONSTRAINT "subscription_plans_trial_range" CHECK ("subscription_plans"."trial_days" between 0 and 30),
	CONSTRAINT "subscription_plans_kind_shape" CHECK (("subscription_plans"."kind" = 'subscription' and "subscription_plans"."interval" is not null and "subscription_plans"."access_days" is null)
       or ("subscription_plans"."kind" = 'one_time' and "subscription_plans"."interval" is null and "subscription_plans"."access_days" between 1 and 365))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"auth_id" text,
	"profile_picture" text,
	"specialty_sport" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower(btrim("users"."email"))),
	CONSTRAINT "users_role_known" CHECK ("users"."role" in ('customer', 'creator', 'moderator', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "creator_profiles" ADD CONSTRAINT "creator_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_profiles_username_lower_key" ON "creator_profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "creator_profiles_name_sort_idx" ON "creator_profiles" USING btree (lower("display_name"),"user_id");--> statement-breakpoint
CREATE INDEX "creator_profiles_price_low_idx" ON "creator_profiles" USING btree ("lowest_price_cents" asc nulls last,"user_id");--> statement-breakpoint
CREATE INDEX "creator_profiles_price_high_idx" ON "creator_profiles" USING btree ("lowest_price_cents" desc nulls last,"user_id");--> statement-breakpoint
CREATE INDEX "creator_profiles_newest_idx" ON "creator_profiles" USING btree ("created_at" desc,"user_id");--> statement-breakpoint
CREATE INDEX "creator_profiles_sports_idx" ON "creator_profiles" USING gin ("sports");--> statement-breakpoint
CREATE INDEX "creator_profiles_search_idx" ON "creator_profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscription_plans_creator_idx" ON "subscription_plans" USING btree ("creator_id","active");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_auth_id_key" ON "users" USING btree ("auth_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");