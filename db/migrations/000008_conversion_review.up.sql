-- Review of conversions: a campaign may hold its clean pending conversions for N days, after which
-- they confirm themselves (a background job); a decision's time is kept.
ALTER TABLE campaigns ADD COLUMN holding_days integer CHECK (holding_days BETWEEN 1 AND 365);
ALTER TABLE conversions ADD COLUMN decided_at timestamptz;
-- Commission taken back by refunds, cancellations and reversals (what an affiliate lost).
ALTER TABLE conversions ADD COLUMN reversed_amount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (reversed_amount >= 0);
CREATE INDEX conversions_pending_idx ON conversions (created_at) WHERE status = 'pending';
