-- Review of conversions: a campaign may hold its clean pending conversions for N days, after which
-- they confirm themselves (a background job); a decision's time is kept.
ALTER TABLE campaigns ADD COLUMN holding_days integer CHECK (holding_days BETWEEN 1 AND 365);
ALTER TABLE conversions ADD COLUMN decided_at timestamptz;
CREATE INDEX conversions_pending_idx ON conversions (created_at) WHERE status = 'pending';
