DELETE FROM notifications WHERE kind = 'webhook_endpoint_disabled';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
    'application_approved', 'application_rejected', 'conversions_confirmed', 'conversions_rejected',
    'conversion_reversed', 'payout_created', 'payout_paid', 'campaign_invited', 'tracking_domain_unverified'));
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
