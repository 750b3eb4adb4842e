-- Notifications: what happened to an affiliate's applications, conversions and payouts, kept as a
-- kind and its parameters (the browser writes them in the reader's language). An affiliate can
-- mute kinds; a muted kind is not created.
CREATE TABLE notifications (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    affiliate_id uuid NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    -- The brand it comes from.
    brand_id    uuid REFERENCES brands (id) ON DELETE CASCADE,
    kind        text NOT NULL CHECK (kind IN ('application_approved', 'application_rejected', 'conversions_confirmed',
                                              'conversions_rejected', 'conversion_reversed', 'payout_paid')),
    params      jsonb NOT NULL DEFAULT '{}',
    entity_type text NOT NULL DEFAULT '',
    entity_id   text NOT NULL DEFAULT '',
    read_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_affiliate_time_idx ON notifications (affiliate_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (affiliate_id) WHERE read_at IS NULL;

CREATE TABLE notification_preferences (
    affiliate_id uuid PRIMARY KEY REFERENCES affiliates (id) ON DELETE CASCADE,
    muted        text[] NOT NULL DEFAULT '{}',
    updated_at   timestamptz NOT NULL DEFAULT now()
);
