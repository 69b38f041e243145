-- Every statement that writes purchases tells each API process that who is entitled to what may have
-- changed (decision 050): the entitlement caches listen on the read caches' channel
-- ('<origin> <sent at, ms> <topic>'; origin 'db' is no process's own).
CREATE FUNCTION "purchases_entitlements_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('picks_cache', 'db ' || floor(extract(epoch from clock_timestamp()) * 1000)::bigint || ' entitlements');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "purchases_entitlements_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "purchases"
	FOR EACH STATEMENT EXECUTE FUNCTION "purchases_entitlements_changed"();
