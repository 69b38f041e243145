CREATE TABLE "client_error_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"url" text,
	"line_number" integer,
	"column_number" integer,
	"user_agent" text,
	"user_id" uuid,
	"route" text,
	"additional_context" jsonb,
	"release" text,
	"environment" text,
	"fingerprint" text NOT NULL,
	CONSTRAINT "client_error_reports_message_length" CHECK (char_length("client_error_reports"."message") between 1 and 2000),
	CONSTRAINT "client_error_reports_fingerprint_format" CHECK ("client_error_reports"."fingerprint" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "client_performance_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"route" text NOT NULL,
	"user_id" uuid,
	"additional_data" jsonb,
	CONSTRAINT "client_performance_reports_metric_known" CHECK ("client_performance_reports"."metric" in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'route-change')),
	CONSTRAINT "client_performance_reports_value_range" CHECK ("client_performance_reports"."value" >= 0 and "client_performance_reports"."value" < 'Infinity'::float8)
);
--> statement-breakpoint
ALTER TABLE "client_error_reports" ADD CONSTRAINT "client_error_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_performance_reports" ADD CONSTRAINT "client_performance_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_error_reports_fingerprint_idx" ON "client_error_reports" USING btree ("fingerprint","received_at");--> statement-breakpoint
CREATE INDEX "client_error_reports_received_idx" ON "client_error_reports" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "client_error_reports_user_idx" ON "client_error_reports" USING btree ("user_id") WHERE "client_error_reports"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "client_performance_reports_metric_route_idx" ON "client_performance_reports" USING btree ("metric","route","received_at");--> statement-breakpoint
CREATE INDEX "client_performance_reports_received_idx" ON "client_performance_reports" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "client_performance_reports_user_idx" ON "client_performance_reports" USING btree ("user_id") WHERE "client_performance_reports"."user_id" is not null;