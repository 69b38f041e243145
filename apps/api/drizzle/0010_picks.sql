CREATE TABLE "creator_records" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"picks_count" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"pushes" integer DEFAULT 0 NOT NULL,
	"voids" integer DEFAULT 0 NOT NULL,
	"net_units" double precision DEFAULT 0 NOT NULL,
	"record" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pick_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pick_id" uuid NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"client_id" uuid,
	"sport" text NOT NULL,
	"game_id" text,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"game_date" timestamp with time zone NOT NULL,
	"bet_type" text NOT NULL,
	"selection" text NOT NULL,
	"odds" integer NOT NULL,
	"market_odds" integer,
	"line" double precision,
	"bookmaker" text,
	"player" text,
	"stat" text,
	"over_under" text,
	"reasoning" text NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"stake_units" double precision DEFAULT 1 NOT NULL,
	"result" text DEFAULT 'pending' NOT NULL,
	"graded_at" timestamp with time zone,
	"graded_by" text,
	"final_home_score" integer,
	"final_away_score" integer,
	"api_version" text NOT NULL,
	"form_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "picks_stake_range" CHECK ("picks"."stake_units" between 0.1 and 10),
	CONSTRAINT "picks_odds_american" CHECK (abs("picks"."odds") between 100 and 10000),
	CONSTRAINT "picks_result_known" CHECK ("picks"."result" in ('pending', 'won', 'lost', 'push', 'void')),
	CONSTRAINT "picks_graded_shape" CHECK (("picks"."result" = 'pending') = ("picks"."graded_at" is null and "picks"."graded_by" is null))
);
--> statement-breakpoint
ALTER TABLE "creator_records" ADD CONSTRAINT "creator_records_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_audit" ADD CONSTRAINT "pick_audit_pick_id_picks_id_fk" FOREIGN KEY ("pick_id") REFERENCES "public"."picks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pick_audit_pick_idx" ON "pick_audit" USING btree ("pick_id","at");--> statement-breakpoint
CREATE INDEX "picks_feed_idx" ON "picks" USING btree ("created_at" desc,"id" desc) WHERE "picks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "picks_creator_idx" ON "picks" USING btree ("creator_id","created_at" desc,"id" desc) WHERE "picks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "picks_sport_idx" ON "picks" USING btree ("sport","created_at" desc,"id" desc) WHERE "picks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "picks_pending_idx" ON "picks" USING btree ("game_date") WHERE "picks"."result" = 'pending' and "picks"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "picks_creator_client_key" ON "picks" USING btree ("creator_id","client_id");--> statement-breakpoint
CREATE FUNCTION "pick_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'pick_audit is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pick_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "pick_audit"
  FOR EACH ROW EXECUTE FUNCTION "pick_audit_append_only"();
