CREATE TABLE "creator_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"note" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_clients_email_lowercase" CHECK ("creator_clients"."email" = lower(btrim("creator_clients"."email"))),
	CONSTRAINT "creator_clients_name_length" CHECK (char_length("creator_clients"."name") between 1 and 120),
	CONSTRAINT "creator_clients_note_length" CHECK ("creator_clients"."note" is null or char_length("creator_clients"."note") <= 500),
	CONSTRAINT "creator_clients_source_known" CHECK ("creator_clients"."source" in ('manual', 'purchase', 'follow'))
);
--> statement-breakpoint
ALTER TABLE "creator_clients" ADD CONSTRAINT "creator_clients_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_clients" ADD CONSTRAINT "creator_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_clients_creator_email_key" ON "creator_clients" USING btree ("creator_id","email");--> statement-breakpoint
CREATE INDEX "creator_clients_creator_newest_idx" ON "creator_clients" USING btree ("creator_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "creator_clients_user_idx" ON "creator_clients" USING btree ("user_id");