CREATE TABLE "creator_totals" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"active_subscribers" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"active_subscriptions" integer DEFAULT 0 NOT NULL,
	"last_purchase_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_role_created_idx";--> statement-breakpoint
ALTER TABLE "creator_totals" ADD CONSTRAINT "creator_totals_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_totals" ADD CONSTRAINT "customer_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_totals_sales_idx" ON "creator_totals" USING btree ("sales_cents","creator_id");--> statement-breakpoint
CREATE INDEX "creator_totals_subscribers_idx" ON "creator_totals" USING btree ("active_subscribers","creator_id");--> statement-breakpoint
CREATE INDEX "customer_totals_spent_idx" ON "customer_totals" USING btree ("spent_cents" desc,"user_id");--> statement-breakpoint
CREATE INDEX "customer_totals_last_purchase_idx" ON "customer_totals" USING btree ("last_purchase_at","user_id");--> statement-breakpoint
CREATE INDEX "alert_deliveries_pick_idx" ON "alert_deliveries" USING btree ("pick_id","channel","status") WHERE "alert_deliveries"."pick_id" is not null;--> statement-breakpoint
CREATE INDEX "alert_deliveries_log_idx" ON "alert_deliveries" USING btree ("channel","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "alert_fanouts_started_idx" ON "alert_fanouts" USING btree ("started_at" desc);--> statement-breakpoint
CREATE INDEX "creator_records_net_units_idx" ON "creator_records" USING btree ("net_units","creator_id");--> statement-breakpoint
CREATE INDEX "creator_records_roi_idx" ON "creator_records" USING btree ((("record" ->> 'roi_pct')::double precision),"creator_id");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "email_outbox_message_id_idx" ON "email_outbox" USING btree (("headers" ->> 'Message-ID'));--> statement-breakpoint
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "purchases_amount_idx" ON "purchases" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "purchases_status_created_idx" ON "purchases" USING btree ("status","created_at" desc);--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
-- custom: creator_totals and customer_totals kept by statement-level triggers on ledger_entries and purchases (decision 031), and filled from what is there
CREATE FUNCTION "console_totals_from_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO creator_totals (creator_id, sales_cents, fees_cents)
  SELECT creator_id,
    coalesce(sum(amount_cents) FILTER (WHERE kind IN ('charge', 'refund')), 0),
    coalesce(-sum(amount_cents) FILTER (WHERE kind = 'platform_fee'), 0)
  FROM new_rows WHERE kind IN ('charge', 'refund', 'platform_fee')
  GROUP BY creator_id
  ON CONFLICT (creator_id) DO UPDATE SET
    sales_cents = creator_totals.sales_cents + excluded.sales_cents,
    fees_cents = creator_totals.fees_cents + excluded.fees_cents,
    updated_at = now();
  INSERT INTO customer_totals (user_id, spent_cents)
  SELECT p.user_id, sum(n.amount_cents)
  FROM new_rows n JOIN purchases p ON p.id = n.purchase_id
  WHERE n.kind IN ('charge', 'refund')
  GROUP BY p.user_id
  ON CONFLICT (user_id) DO UPDATE SET
    spent_cents = customer_totals.spent_cents + excluded.spent_cents,
    updated_at = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_console_totals" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "console_totals_from_ledger"();--> statement-breakpoint
CREATE FUNCTION "console_totals_recount"(buyers uuid[], sellers uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_totals (user_id, active_subscriptions, last_purchase_at)
  SELECT p.user_id,
    count(*) FILTER (WHERE p.status IN ('trialing', 'active', 'past_due')),
    max(p.created_at) FILTER (WHERE p.status NOT IN ('pending', 'incomplete'))
  -- A join, not `= ANY (buyers)`: a bulk insert hands over 100,000s of buyers at once.
  FROM purchases p JOIN (SELECT DISTINCT unnest(buyers) AS id) b ON b.id = p.user_id
  GROUP BY p.user_id
  ON CONFLICT (user_id) DO UPDATE SET
    active_subscriptions = excluded.active_subscriptions,
    last_purchase_at = excluded.last_purchase_at,
    updated_at = now();
  INSERT INTO creator_totals (creator_id, active_subscribers)
  SELECT s.creator_id,
    (SELECT count(DISTINCT p.user_id) FROM purchases p
      WHERE p.creator_id = s.creator_id AND p.status IN ('trialing', 'active', 'past_due'))
  FROM unnest(sellers) AS s(creator_id)
  ON CONFLICT (creator_id) DO UPDATE SET
    active_subscribers = excluded.active_subscribers,
    updated_at = now();
END;
$$;--> statement-breakpoint
CREATE FUNCTION "console_totals_from_new_purchases"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM console_totals_recount(
    ARRAY(SELECT DISTINCT user_id FROM new_rows),
    ARRAY(SELECT DISTINCT creator_id FROM new_rows));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "purchases_console_totals_insert" AFTER INSERT ON "purchases"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "console_totals_from_new_purchases"();--> statement-breakpoint
CREATE FUNCTION "console_totals_from_changed_purchases"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only purchases whose status changed move a count; renewals and other writes cost nothing here.
  PERFORM console_totals_recount(
    ARRAY(SELECT DISTINCT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status IS DISTINCT FROM n.status),
    ARRAY(SELECT DISTINCT n.creator_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status IS DISTINCT FROM n.status));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "purchases_console_totals_update" AFTER UPDATE ON "purchases"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "console_totals_from_changed_purchases"();--> statement-breakpoint
INSERT INTO creator_totals (creator_id, sales_cents, fees_cents)
SELECT creator_id,
  coalesce(sum(amount_cents) FILTER (WHERE kind IN ('charge', 'refund')), 0),
  coalesce(-sum(amount_cents) FILTER (WHERE kind = 'platform_fee'), 0)
FROM ledger_entries WHERE kind IN ('charge', 'refund', 'platform_fee') GROUP BY creator_id;--> statement-breakpoint
INSERT INTO customer_totals (user_id, spent_cents)
SELECT p.user_id, sum(l.amount_cents) FROM ledger_entries l JOIN purchases p ON p.id = l.purchase_id
WHERE l.kind IN ('charge', 'refund') GROUP BY p.user_id;--> statement-breakpoint
SELECT console_totals_recount(
  ARRAY(SELECT DISTINCT user_id FROM purchases),
  ARRAY(SELECT DISTINCT creator_id FROM purchases));
