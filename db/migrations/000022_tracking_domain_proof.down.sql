DROP INDEX notifications_brand_time_idx;
DELETE FROM notifications WHERE affiliate_id IS NULL OR kind = 'tracking_domain_unverified';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('application_approved', 'application_rejected',
    'conversions_confirmed', 'conversions_rejected', 'conversion_reversed', 'payout_paid', 'campaign_invited'));
ALTER TABLE notifications DROP CONSTRAINT notifications_recipient_check;
ALTER TABLE notifications ALTER COLUMN affiliate_id SET NOT NULL;

-- Back to one brand per host name: the verified claim keeps it, the other claims are dropped.
DELETE FROM tracking_domains t WHERE t.status = 'pending'
    AND EXISTS (SELECT 1 FROM tracking_domains o WHERE o.hostname = t.hostname AND o.brand_id <> t.brand_id
                AND (o.status = 'verified' OR o.created_at < t.created_at OR (o.created_at = t.created_at AND o.brand_id < t.brand_id)));
UPDATE tracking_domains SET check_result = NULL WHERE check_result = 'no_txt';
ALTER TABLE tracking_domains DROP CONSTRAINT tracking_domains_check_result_check;
ALTER TABLE tracking_domains ADD CONSTRAINT tracking_domains_check_result_check
    CHECK (check_result IN ('points_here', 'no_cname', 'points_elsewhere', 'lookup_failed'));
DROP INDEX tracking_domains_hostname_idx;
DROP INDEX tracking_domains_verified_hostname_idx;
ALTER TABLE tracking_domains ADD CONSTRAINT tracking_domains_hostname_key UNIQUE (hostname);
ALTER TABLE tracking_domains DROP CONSTRAINT tracking_domains_expires_check;
ALTER TABLE tracking_domains DROP COLUMN expires_at;
ALTER TABLE tracking_domains DROP COLUMN token;
ALTER TABLE brands DROP COLUMN domain_token;
