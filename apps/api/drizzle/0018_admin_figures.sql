CREATE TABLE "console_daily_totals" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"value" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_daily_totals_day_metric_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
CREATE TABLE "console_snapshots" (
	"key" text PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alert_deliveries_sent_at_idx" ON "alert_deliveries" USING btree ("sent_at") WHERE "alert_deliveries"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "alert_deliveries_failed_at_idx" ON "alert_deliveries" USING btree ("failed_at") WHERE "alert_deliveries"."failed_at" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_occurred_idx" ON "ledger_entries" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "picks_created_at_idx" ON "picks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "picks_graded_at_idx" ON "picks" USING btree ("graded_at") WHERE "picks"."graded_at" is not null;--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status","kind","interval","price_cents");--> statement-breakpoint
CREATE INDEX "purchases_subscription_created_idx" ON "purchases" USING btree ("created_at") WHERE "purchases"."kind" = 'subscription';--> statement-breakpoint
CREATE INDEX "purchases_ended_idx" ON "purchases" USING btree ("ended_at") WHERE "purchases"."ended_at" is not null;--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");