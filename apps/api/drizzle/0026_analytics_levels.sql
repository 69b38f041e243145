-- Stored days now hold the purchases' flows, the share link's funnel and the levels at each day's
-- end (decision 037); days stored before lack them, so every stored day is dropped and the next read
-- (or the nightly settling) stores them again from the ledger, purchases, deliveries and visits.
DELETE FROM "creator_daily_figures";--> statement-breakpoint
CREATE TABLE "creator_monthly_figures" (
	"creator_id" uuid NOT NULL,
	"month" date NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "creator_monthly_figures_creator_id_month_metric_key_pk" PRIMARY KEY("creator_id","month","metric","key")
);
--> statement-breakpoint
DROP INDEX "picks_creator_graded_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "purchase_kind" text;--> statement-breakpoint
ALTER TABLE "creator_monthly_figures" ADD CONSTRAINT "creator_monthly_figures_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_purchase_charge_idx" ON "ledger_entries" USING btree ("purchase_id") WHERE "ledger_entries"."kind" = 'charge';--> statement-breakpoint
CREATE INDEX "purchases_creator_trials_idx" ON "purchases" USING btree ("creator_id","created_at") WHERE "purchases"."kind" = 'subscription' and "purchases"."trial_days" > 0;--> statement-breakpoint
CREATE INDEX "purchases_creator_planless_idx" ON "purchases" USING btree ("creator_id","kind") WHERE "purchases"."plan_id" is null;--> statement-breakpoint
CREATE INDEX "purchases_creator_repeating_idx" ON "purchases" USING btree ("creator_id") WHERE "purchases"."kind" = 'subscription' and "purchases"."discount_duration" = 'repeating';--> statement-breakpoint
CREATE INDEX "picks_creator_graded_idx" ON "picks" USING btree ("creator_id","graded_at","sport","bet_type","result","odds","stake_units") WHERE "picks"."graded_at" is not null and "picks"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_trial_range" CHECK ("purchases"."trial_days" between 0 and 30);--> statement-breakpoint
-- A ledger row carries the plan and kind of its purchase (decision 037), set here from the purchase
-- when the row is written; rows written before are filled in once, the append-only trigger set aside
-- for that one statement.
CREATE FUNCTION "ledger_entries_purchase_plan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."purchase_id" IS NOT NULL THEN
    SELECT "plan_id", "kind" INTO NEW."plan_id", NEW."purchase_kind" FROM "purchases" WHERE "id" = NEW."purchase_id";
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_purchase_plan" BEFORE INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_purchase_plan"();--> statement-breakpoint
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_no_update_or_delete";--> statement-breakpoint
UPDATE "ledger_entries" SET "plan_id" = p."plan_id", "purchase_kind" = p."kind"
  FROM "purchases" p WHERE p."id" = "ledger_entries"."purchase_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_no_update_or_delete";
--> statement-breakpoint
-- A creator's stored days are derived from the ledger, purchases, deliveries and share-link events
-- (decision 037). A change dated in a stored day (a provider's event arriving late, a checkout
-- completing the next day, a delivery receipt turning a sent alert into a failed one) forgets the
-- stored days from that day on, and their months; the next read or the nightly settling stores them
-- again. A late change takes the creator's settling lock, so a settling in progress either sees it
-- or is forgotten after it.
CREATE FUNCTION "creator_days_forget"(creator uuid, since timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  since_day date := (since AT TIME ZONE 'UTC')::date;
BEGIN
  IF creator IS NULL OR since IS NULL THEN
    RETURN;
  END IF;
  IF since_day < (now() AT TIME ZONE 'UTC')::date THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('creator_days:' || creator::text, 0));
  END IF;
  DELETE FROM "creator_daily_figures" WHERE "creator_id" = creator AND "day" >= since_day;
  DELETE FROM "creator_monthly_figures" WHERE "creator_id" = creator AND "month" >= date_trunc('month', since_day)::date;
END;
$$;--> statement-breakpoint
-- A row dated by one column (its name the trigger's argument) forgets from that column's day.
CREATE FUNCTION "creator_days_forget_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "creator_days_forget"(NEW."creator_id", (to_jsonb(NEW) ->> TG_ARGV[0])::timestamptz);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_forget_days" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "creator_days_forget_on_insert"('occurred_at');--> statement-breakpoint
CREATE FUNCTION "purchases_forget_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "creator_days_forget"(OLD."creator_id", OLD."created_at");
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "creator_days_forget"(NEW."creator_id", NEW."created_at");
  ELSIF (OLD."status" IN ('pending', 'incomplete')) <> (NEW."status" IN ('pending', 'incomplete'))
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
    OR OLD."plan_id" IS DISTINCT FROM NEW."plan_id" OR OLD."kind" IS DISTINCT FROM NEW."kind"
    OR OLD."interval" IS DISTINCT FROM NEW."interval" OR OLD."price_cents" IS DISTINCT FROM NEW."price_cents"
    OR OLD."trial_days" IS DISTINCT FROM NEW."trial_days" OR OLD."promo_code_id" IS DISTINCT FROM NEW."promo_code_id"
    OR OLD."discount_kind" IS DISTINCT FROM NEW."discount_kind" OR OLD."percent_off" IS DISTINCT FROM NEW."percent_off"
    OR OLD."amount_off_cents" IS DISTINCT FROM NEW."amount_off_cents"
    OR OLD."discount_duration" IS DISTINCT FROM NEW."discount_duration"
    OR OLD."discount_months" IS DISTINCT FROM NEW."discount_months"
    OR OLD."referral_source" IS DISTINCT FROM NEW."referral_source" THEN
    PERFORM "creator_days_forget"(NEW."creator_id", least(OLD."created_at", NEW."created_at"));
  ELSIF OLD."ended_at" IS DISTINCT FROM NEW."ended_at" OR OLD."canceled_at" IS DISTINCT FROM NEW."canceled_at" THEN
    PERFORM "creator_days_forget"(NEW."creator_id", least(OLD."ended_at", NEW."ended_at", OLD."canceled_at", NEW."canceled_at"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "purchases_forget_days" AFTER INSERT OR UPDATE OR DELETE ON "purchases"
  FOR EACH ROW EXECUTE FUNCTION "purchases_forget_days"();--> statement-breakpoint
-- Alerts fan out to every subscriber, so only a pick alert's outcome calls anything: the conditions
-- sit on the triggers themselves.
CREATE FUNCTION "alert_deliveries_forget_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "creator_days_forget"(NEW."creator_id", coalesce(NEW."failed_at", NEW."sent_at"));
  ELSE
    PERFORM "creator_days_forget"(NEW."creator_id",
      least(coalesce(OLD."failed_at", OLD."sent_at"), coalesce(NEW."failed_at", NEW."sent_at")));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "alert_deliveries_forget_days" AFTER INSERT ON "alert_deliveries"
  FOR EACH ROW WHEN (NEW."kind" = 'pick' AND coalesce(NEW."failed_at", NEW."sent_at") IS NOT NULL)
  EXECUTE FUNCTION "alert_deliveries_forget_days"();--> statement-breakpoint
CREATE TRIGGER "alert_deliveries_forget_days_on_update" AFTER UPDATE ON "alert_deliveries"
  FOR EACH ROW WHEN (NEW."kind" = 'pick' AND (OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."sent_at" IS DISTINCT FROM NEW."sent_at" OR OLD."failed_at" IS DISTINCT FROM NEW."failed_at"))
  EXECUTE FUNCTION "alert_deliveries_forget_days"();--> statement-breakpoint
CREATE TRIGGER "creator_referral_visits_forget_days" AFTER INSERT ON "creator_referral_visits"
  FOR EACH ROW EXECUTE FUNCTION "creator_days_forget_on_insert"('visited_at');--> statement-breakpoint
CREATE TRIGGER "creator_referral_signups_forget_days" AFTER INSERT ON "creator_referral_signups"
  FOR EACH ROW EXECUTE FUNCTION "creator_days_forget_on_insert"('signed_up_at');
