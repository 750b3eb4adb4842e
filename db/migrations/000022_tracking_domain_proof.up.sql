-- A tracking domain belongs to the brand that proves it: a TXT record `_openaffiliate.<host>`
-- holding a random token issued to the brand (brands.domain_token, drawn once per brand and kept
-- whatever domain it adds or removes; tracking_domains.token is the one its claim was checked
-- with), next to the CNAME that sends the traffic here. Pending claims are not exclusive: several brands may
-- claim a name, only one may have it verified. A pending claim expires (expires_at) 7 days after it
-- was added or went back to pending; an expired one is no claim and is deleted by the daily check.
ALTER TABLE brands ADD COLUMN domain_token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
ALTER TABLE tracking_domains ADD COLUMN token text;
UPDATE tracking_domains t SET token = b.domain_token FROM brands b WHERE b.id = t.brand_id;
ALTER TABLE tracking_domains ALTER COLUMN token SET NOT NULL;

ALTER TABLE tracking_domains ADD COLUMN expires_at timestamptz;
UPDATE tracking_domains SET expires_at = now() + interval '7 days' WHERE status = 'pending';
ALTER TABLE tracking_domains ADD CONSTRAINT tracking_domains_expires_check CHECK ((status = 'pending') = (expires_at IS NOT NULL));

ALTER TABLE tracking_domains DROP CONSTRAINT tracking_domains_hostname_key;
CREATE UNIQUE INDEX tracking_domains_verified_hostname_idx ON tracking_domains (hostname) WHERE status = 'verified';
CREATE INDEX tracking_domains_hostname_idx ON tracking_domains (hostname);

ALTER TABLE tracking_domains DROP CONSTRAINT tracking_domains_check_result_check;
ALTER TABLE tracking_domains ADD CONSTRAINT tracking_domains_check_result_check
    CHECK (check_result IN ('points_here', 'no_cname', 'points_elsewhere', 'no_txt', 'lookup_failed'));

-- A brand's notifications (its tracking domain lost its proof): no affiliate, the brand in brand_id.
ALTER TABLE notifications ALTER COLUMN affiliate_id DROP NOT NULL;
ALTER TABLE notifications ADD CONSTRAINT notifications_recipient_check CHECK (affiliate_id IS NOT NULL OR brand_id IS NOT NULL);
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('application_approved', 'application_rejected',
    'conversions_confirmed', 'conversions_rejected', 'conversion_reversed', 'payout_paid', 'campaign_invited',
    'tracking_domain_unverified'));
CREATE INDEX notifications_brand_time_idx ON notifications (brand_id, created_at DESC) WHERE affiliate_id IS NULL;
