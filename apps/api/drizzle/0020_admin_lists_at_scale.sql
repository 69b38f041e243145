DROP INDEX "customer_totals_spent_idx";--> statement-breakpoint
DROP INDEX "purchases_subscription_created_idx";--> statement-breakpoint
DROP INDEX "purchases_ended_idx";--> statement-breakpoint
CREATE INDEX "customer_totals_subscriptions_idx" ON "customer_totals" USING btree ("active_subscriptions","user_id");--> statement-breakpoint
CREATE INDEX "purchases_trials_idx" ON "purchases" USING btree ("created_at") WHERE "purchases"."kind" = 'subscription' and "purchases"."trial_days" > 0;--> statement-breakpoint
CREATE INDEX "customer_totals_spent_idx" ON "customer_totals" USING btree ("spent_cents","user_id");--> statement-breakpoint
CREATE INDEX "purchases_subscription_created_idx" ON "purchases" USING btree ("created_at","status") WHERE "purchases"."kind" = 'subscription';--> statement-breakpoint
CREATE INDEX "purchases_ended_idx" ON "purchases" USING btree ("ended_at","kind","status") WHERE "purchases"."ended_at" is not null;--> statement-breakpoint
-- custom: a totals row for every account and every creator from the moment it exists (decision 034), so the admin lists walk the totals' indexes
CREATE FUNCTION "console_totals_for_new_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_totals (user_id) SELECT id FROM new_rows ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_console_totals" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "console_totals_for_new_users"();--> statement-breakpoint
CREATE FUNCTION "console_totals_for_new_creators"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO creator_totals (creator_id) SELECT user_id FROM new_rows ON CONFLICT (creator_id) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "creator_profiles_console_totals" AFTER INSERT ON "creator_profiles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "console_totals_for_new_creators"();--> statement-breakpoint
INSERT INTO customer_totals (user_id) SELECT id FROM users ON CONFLICT (user_id) DO NOTHING;--> statement-breakpoint
INSERT INTO creator_totals (creator_id) SELECT user_id FROM creator_profiles ON CONFLICT (creator_id) DO NOTHING;--> statement-breakpoint
-- custom: every live purchase with what the subscriber lists read of it, so they read this index alone (decision 034); INCLUDE is not in drizzle's index builder
CREATE INDEX "purchases_live_covering_idx" ON "purchases" USING btree ("status", "current_period_end")
  INCLUDE ("user_id", "creator_id", "created_at", "auto_renewal")
  WHERE "status" IN ('trialing', 'active', 'past_due');
