CREATE TABLE "creator_previous_usernames" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"username" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "creator_previous_usernames_format" CHECK ("creator_previous_usernames"."username" ~ '^[A-Za-z0-9_]{3,30}$')
);
--> statement-breakpoint
CREATE TABLE "creator_referral_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"code" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "creator_referral_visits_hash_format" CHECK ("creator_referral_visits"."visitor_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "creator_share_codes" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_share_codes_format" CHECK ("creator_share_codes"."code" ~ '^[A-Za-z0-9_-]{8,64}$')
);
--> statement-breakpoint
ALTER TABLE "creator_previous_usernames" ADD CONSTRAINT "creator_previous_usernames_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_referral_visits" ADD CONSTRAINT "creator_referral_visits_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_share_codes" ADD CONSTRAINT "creator_share_codes_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_previous_usernames_lower_key" ON "creator_previous_usernames" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "creator_previous_usernames_creator_idx" ON "creator_previous_usernames" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_referral_visits_visitor_key" ON "creator_referral_visits" USING btree ("creator_id","visitor_hash");--> statement-breakpoint
CREATE INDEX "creator_referral_visits_creator_time_idx" ON "creator_referral_visits" USING btree ("creator_id","visited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_share_codes_code_key" ON "creator_share_codes" USING btree ("code");