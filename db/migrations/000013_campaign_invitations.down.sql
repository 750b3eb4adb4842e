DELETE FROM notifications WHERE kind = 'campaign_invited';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('application_approved', 'application_rejected',
    'conversions_confirmed', 'conversions_rejected', 'conversion_reversed', 'payout_paid'));
DROP TABLE IF EXISTS campaign_invitations;
