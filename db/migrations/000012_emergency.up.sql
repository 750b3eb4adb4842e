-- The host's emergency switches (one row), and which campaigns the emergency pause holds paused
-- (resuming makes exactly those active again).
CREATE TABLE platform_state (
    id               boolean PRIMARY KEY DEFAULT true CHECK (id),
    payouts_frozen   boolean NOT NULL DEFAULT false,
    ingestion_paused boolean NOT NULL DEFAULT false,
    maintenance      boolean NOT NULL DEFAULT false,
    updated_by       uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_at       timestamptz NOT NULL DEFAULT now()
);
INSERT INTO platform_state DEFAULT VALUES;
ALTER TABLE campaigns ADD COLUMN emergency_paused boolean NOT NULL DEFAULT false;
