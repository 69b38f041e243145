CREATE TABLE "creator_daily_figures" (
	"creator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"value" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_daily_figures_creator_id_day_metric_key_pk" PRIMARY KEY("creator_id","day","metric","key")
);
--> statement-breakpoint
ALTER TABLE "creator_daily_figures" ADD CONSTRAINT "creator_daily_figures_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_creator_outcome_idx" ON "alert_deliveries" USING btree ("creator_id",coalesce("failed_at", "sent_at"),"channel","status") WHERE "alert_deliveries"."kind" = 'pick' and coalesce("alert_deliveries"."failed_at", "alert_deliveries"."sent_at") is not null;--> statement-breakpoint
CREATE INDEX "picks_creator_graded_idx" ON "picks" USING btree ("creator_id","graded_at") WHERE "picks"."graded_at" is not null and "picks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_creator_ended_idx" ON "purchases" USING btree ("creator_id","ended_at") WHERE "purchases"."ended_at" is not null;--> statement-breakpoint
CREATE INDEX "purchases_creator_cancelled_idx" ON "purchases" USING btree ("creator_id",coalesce("canceled_at", "ended_at")) WHERE coalesce("purchases"."canceled_at", "purchases"."ended_at") is not null;--> statement-breakpoint
CREATE INDEX "purchases_creator_promo_idx" ON "purchases" USING btree ("creator_id","created_at") WHERE "purchases"."promo_code_id" is not null;