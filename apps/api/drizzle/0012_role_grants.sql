ALTER TABLE "users" ADD COLUMN "role_granted_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_granted_by_users_id_fk" FOREIGN KEY ("role_granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_granted_by_idx" ON "users" USING btree ("role_granted_by");