DROP INDEX "purchases_creator_trials_idx";--> statement-breakpoint
DROP INDEX "purchases_creator_promo_idx";--> statement-breakpoint
CREATE INDEX "purchases_creator_trials_idx" ON "purchases" USING btree ("creator_id","created_at","trial_days","status","first_charged_at") WHERE "purchases"."kind" = 'subscription' and "purchases"."trial_days" > 0;--> statement-breakpoint
CREATE INDEX "purchases_creator_promo_idx" ON "purchases" USING btree ("creator_id","created_at","promo_code_id","promo_code","status") WHERE "purchases"."promo_code_id" is not null;