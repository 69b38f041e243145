CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"pick_id" uuid,
	"creator_id" uuid,
	"recipient_id" uuid,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"preview" text,
	"segments" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"provider_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_deliveries_channel_known" CHECK ("alert_deliveries"."channel" in ('email', 'sms')),
	CONSTRAINT "alert_deliveries_status_known" CHECK ("alert_deliveries"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed')),
	CONSTRAINT "alert_deliveries_pick_shape" CHECK (("alert_deliveries"."kind" = 'pick') = ("alert_deliveries"."pick_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "alert_fanouts" (
	"pick_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"cursor" uuid,
	"queued" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "creator_alert_preferences" (
	"user_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"sms_enabled" boolean DEFAULT true NOT NULL,
	"followed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_alert_preferences_user_id_creator_id_pk" PRIMARY KEY("user_id","creator_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"method" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_methods_method_known" CHECK ("delivery_methods"."method" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_inbound" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_number" text NOT NULL,
	"body" text NOT NULL,
	"keyword" text,
	"provider_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_numbers" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone,
	"introduced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "segments" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_fanouts" ADD CONSTRAINT "alert_fanouts_pick_id_picks_id_fk" FOREIGN KEY ("pick_id") REFERENCES "public"."picks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_alert_preferences" ADD CONSTRAINT "creator_alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_alert_preferences" ADD CONSTRAINT "creator_alert_preferences_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD CONSTRAINT "delivery_methods_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_recipient_pick_channel_key" ON "alert_deliveries" USING btree ("recipient_id","pick_id","channel");--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("creator_id","next_attempt_at","id") WHERE "alert_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "alert_deliveries_sending_idx" ON "alert_deliveries" USING btree ("claimed_until") WHERE "alert_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "alert_deliveries_creator_idx" ON "alert_deliveries" USING btree ("creator_id","channel","created_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_provider_key" ON "alert_deliveries" USING btree ("provider_id") WHERE "alert_deliveries"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "creator_alert_preferences_creator_idx" ON "creator_alert_preferences" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_methods_creator_method_key" ON "delivery_methods" USING btree ("creator_id","method");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_inbound_provider_key" ON "sms_inbound" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sms_inbound_from_idx" ON "sms_inbound" USING btree ("from_number","received_at");--> statement-breakpoint
CREATE INDEX "purchases_creator_user_live_idx" ON "purchases" USING btree ("creator_id","user_id") WHERE "purchases"."status" in ('trialing', 'active', 'past_due');