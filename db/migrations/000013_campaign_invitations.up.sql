-- A brand invites an affiliate to a campaign (an invite-only one is otherwise never seen): the
-- invited affiliate sees the campaign, and joining it is approved at once.
CREATE TABLE campaign_invitations (
    campaign_id  uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    affiliate_id uuid NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    brand_id     uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    invited_by   uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, affiliate_id)
);
CREATE INDEX campaign_invitations_affiliate_idx ON campaign_invitations (affiliate_id);

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('application_approved', 'application_rejected',
    'conversions_confirmed', 'conversions_rejected', 'conversion_reversed', 'payout_paid', 'campaign_invited'));
