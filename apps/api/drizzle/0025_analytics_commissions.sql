-- Days stored before the analytics counted affiliates' commissions (decision 037) lack them: the
-- stored days of every creator with a commission are dropped, and the next read stores them again.
DELETE FROM "creator_daily_figures" WHERE "creator_id" IN (
	SELECT DISTINCT "creator_id" FROM "ledger_entries"
	WHERE "kind" IN ('affiliate_commission', 'affiliate_commission_reversal')
);
