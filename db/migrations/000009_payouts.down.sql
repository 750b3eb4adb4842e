DROP INDEX IF EXISTS conversions_payable_idx;
DROP INDEX IF EXISTS conversions_payout_idx;
ALTER TABLE conversions DROP COLUMN IF EXISTS payout_id;
DROP TABLE IF EXISTS payouts;
