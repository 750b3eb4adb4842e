DELETE FROM notifications WHERE kind = 'payout_created';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('application_approved', 'application_rejected',
    'conversions_confirmed', 'conversions_rejected', 'conversion_reversed', 'payout_paid', 'campaign_invited',
    'tracking_domain_unverified'));
DROP TABLE IF EXISTS email_preferences;
DROP TABLE IF EXISTS email_confirmation_tokens;
ALTER TABLE users DROP COLUMN IF EXISTS language;
