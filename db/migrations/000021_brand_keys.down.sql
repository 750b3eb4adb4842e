-- The keys as migration 000020 left them.
DROP TRIGGER tracking_links_short_code ON tracking_links;
DROP FUNCTION tracking_links_short_code();
ALTER TABLE tracking_links ADD CONSTRAINT tracking_links_short_code_key UNIQUE (short_code);
DROP TABLE short_codes;

ALTER TABLE campaign_memberships DROP CONSTRAINT campaign_memberships_campaign_id_fkey;
ALTER TABLE campaign_invitations DROP CONSTRAINT campaign_invitations_campaign_id_fkey;
ALTER TABLE tracking_links DROP CONSTRAINT tracking_links_campaign_id_fkey;
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_campaign_id_fkey;
ALTER TABLE conversions DROP CONSTRAINT conversions_campaign_id_fkey,
    DROP CONSTRAINT conversions_discount_code_id_fkey,
    DROP CONSTRAINT conversions_payout_id_fkey;

ALTER TABLE campaigns DROP CONSTRAINT campaigns_pkey, ADD PRIMARY KEY (id);
ALTER TABLE campaign_memberships DROP CONSTRAINT campaign_memberships_pkey, ADD PRIMARY KEY (id),
    DROP CONSTRAINT campaign_memberships_campaign_id_affiliate_id_brand_id_key,
    ADD CONSTRAINT campaign_memberships_campaign_id_affiliate_id_key UNIQUE (campaign_id, affiliate_id);
ALTER TABLE campaign_invitations DROP CONSTRAINT campaign_invitations_pkey, ADD PRIMARY KEY (campaign_id, affiliate_id);
ALTER TABLE api_keys DROP CONSTRAINT api_keys_pkey, ADD PRIMARY KEY (id),
    DROP CONSTRAINT api_keys_key_hash_brand_id_key, ADD CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash);
ALTER TABLE tracking_links DROP CONSTRAINT tracking_links_pkey, ADD PRIMARY KEY (id);
ALTER TABLE clicks DROP CONSTRAINT clicks_pkey, ADD PRIMARY KEY (id);
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_pkey, ADD PRIMARY KEY (id);
ALTER TABLE payouts DROP CONSTRAINT payouts_pkey, ADD PRIMARY KEY (id);
ALTER TABLE conversions DROP CONSTRAINT conversions_pkey, ADD PRIMARY KEY (id);
ALTER TABLE review_deltas DROP CONSTRAINT review_deltas_pkey, ADD PRIMARY KEY (id);

ALTER TABLE campaign_memberships ADD CONSTRAINT campaign_memberships_campaign_id_fkey
    FOREIGN KEY (campaign_id) REFERENCES campaigns (id) ON DELETE CASCADE;
ALTER TABLE campaign_invitations ADD CONSTRAINT campaign_invitations_campaign_id_fkey
    FOREIGN KEY (campaign_id) REFERENCES campaigns (id) ON DELETE CASCADE;
ALTER TABLE tracking_links ADD CONSTRAINT tracking_links_campaign_id_fkey
    FOREIGN KEY (campaign_id) REFERENCES campaigns (id) ON DELETE CASCADE;
ALTER TABLE discount_codes ADD CONSTRAINT discount_codes_campaign_id_fkey
    FOREIGN KEY (campaign_id) REFERENCES campaigns (id) ON DELETE CASCADE;
ALTER TABLE conversions
    ADD CONSTRAINT conversions_campaign_id_fkey FOREIGN KEY (campaign_id) REFERENCES campaigns (id) ON DELETE SET NULL,
    ADD CONSTRAINT conversions_discount_code_id_fkey FOREIGN KEY (discount_code_id)
        REFERENCES discount_codes (id) ON DELETE SET NULL,
    ADD CONSTRAINT conversions_payout_id_fkey FOREIGN KEY (payout_id) REFERENCES payouts (id) ON DELETE SET NULL;
