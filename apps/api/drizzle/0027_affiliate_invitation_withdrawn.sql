-- Withdrawing an invitation ends it before anyone accepted: an ended arrangement may have no affiliate.
ALTER TABLE "affiliate_arrangements" DROP CONSTRAINT "affiliate_arrangements_accepted";--> statement-breakpoint
ALTER TABLE "affiliate_arrangements" ADD CONSTRAINT "affiliate_arrangements_accepted" CHECK (("affiliate_arrangements"."status" <> 'invited' or "affiliate_arrangements"."affiliate_id" is null) and ("affiliate_arrangements"."status" <> 'active' or "affiliate_arrangements"."affiliate_id" is not null));
