DROP INDEX conversions_pending_idx;
ALTER TABLE conversions DROP COLUMN reversed_amount, DROP COLUMN decided_at;
ALTER TABLE campaigns DROP COLUMN holding_days;
