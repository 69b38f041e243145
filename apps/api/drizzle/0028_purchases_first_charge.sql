-- A purchase's first charge, for the trials' outcomes in analytics (decision 037): whether a trial
-- was ever charged is read off the purchase instead of a ledger probe per trial. The ledger's insert
-- trigger, which already reads the purchase, sets it; purchases charged before are filled in once.
ALTER TABLE "purchases" ADD COLUMN "first_charged_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_entries_purchase_plan"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_charge timestamptz;
BEGIN
  IF NEW."purchase_id" IS NOT NULL THEN
    SELECT "plan_id", "kind", "first_charged_at" INTO NEW."plan_id", NEW."purchase_kind", first_charge
      FROM "purchases" WHERE "id" = NEW."purchase_id";
    -- Renewals find it set and write nothing.
    IF NEW."kind" = 'charge' AND (first_charge IS NULL OR first_charge > NEW."occurred_at") THEN
      UPDATE "purchases" SET "first_charged_at" = NEW."occurred_at" WHERE "id" = NEW."purchase_id";
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
UPDATE "purchases" p SET "first_charged_at" = c."first"
  FROM (SELECT "purchase_id", min("occurred_at") AS "first" FROM "ledger_entries"
        WHERE "kind" = 'charge' AND "purchase_id" IS NOT NULL GROUP BY 1) c
  WHERE p."id" = c."purchase_id";
