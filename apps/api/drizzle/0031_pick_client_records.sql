DROP INDEX "picks_creator_client_key";--> statement-breakpoint
-- client_id was the posting client's retry key; it now names one of the creator's client records (decision 044). Keys that name none of the creator's records are forgotten.
UPDATE "picks" SET "client_id" = NULL WHERE "client_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "creator_clients" c WHERE c."id" = "picks"."client_id" AND c."creator_id" = "picks"."creator_id");--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_client_id_creator_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."creator_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picks_client_idx" ON "picks" USING btree ("client_id") WHERE "picks"."client_id" is not null;
