-- Ready for Citus (docs/scaling.md, "Citus", step 4): the primary and unique keys of every
-- brand-owned table hold brand_id, the distribution column, and so do the foreign keys between
-- brand-owned tables, which also makes a row's brand that of its campaign, code or payout.
-- Primary keys put id first, so a lookup by id alone still reads the key's index. A short code
-- stays unique on the whole platform through short_codes, which the redirect reads without knowing
-- the brand. db/brand_keys_test.go reads the catalogue and fails when a table breaks the rule.
--
-- Every key is rebuilt while its table is locked: about half a second per million clicks on the
-- development machine (docs/scaling.md), during which clicks wait in the buffer.

-- The foreign keys go first: each depends on the primary key it references.
ALTER TABLE campaign_memberships DROP CONSTRAINT campaign_memberships_campaign_id_fkey;
ALTER TABLE campaign_invitations DROP CONSTRAINT campaign_invitations_campaign_id_fkey;
ALTER TABLE tracking_links DROP CONSTRAINT tracking_links_campaign_id_fkey;
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_campaign_id_fkey;
ALTER TABLE conversions DROP CONSTRAINT conversions_campaign_id_fkey,
    DROP CONSTRAINT conversions_discount_code_id_fkey,
    DROP CONSTRAINT conversions_payout_id_fkey;

ALTER TABLE campaigns DROP CONSTRAINT campaigns_pkey, ADD PRIMARY KEY (id, brand_id);
ALTER TABLE campaign_memberships DROP CONSTRAINT campaign_memberships_pkey, ADD PRIMARY KEY (id, brand_id),
    DROP CONSTRAINT campaign_memberships_campaign_id_affiliate_id_key, ADD UNIQUE (campaign_id, affiliate_id, brand_id);
ALTER TABLE campaign_invitations DROP CONSTRAINT campaign_invitations_pkey,
    ADD PRIMARY KEY (campaign_id, affiliate_id, brand_id);
-- An API key is found by its hash alone: the hash of 32 random bytes, unique with or without its brand.
ALTER TABLE api_keys DROP CONSTRAINT api_keys_pkey, ADD PRIMARY KEY (id, brand_id),
    DROP CONSTRAINT api_keys_key_hash_key, ADD UNIQUE (key_hash, brand_id);
ALTER TABLE tracking_links DROP CONSTRAINT tracking_links_pkey, ADD PRIMARY KEY (id, brand_id);
ALTER TABLE clicks DROP CONSTRAINT clicks_pkey, ADD PRIMARY KEY (id, brand_id);
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_pkey, ADD PRIMARY KEY (id, brand_id);
ALTER TABLE payouts DROP CONSTRAINT payouts_pkey, ADD PRIMARY KEY (id, brand_id);
ALTER TABLE conversions DROP CONSTRAINT conversions_pkey, ADD PRIMARY KEY (id, brand_id);
ALTER TABLE review_deltas DROP CONSTRAINT review_deltas_pkey, ADD PRIMARY KEY (id, brand_id);

-- Each foreign key as it was, with the brand: a campaign's links, codes, members and invitations
-- go with it; a conversion keeps its row when its campaign, code or payout goes, only that column
-- emptied (brand_id stays).
ALTER TABLE campaign_memberships ADD CONSTRAINT campaign_memberships_campaign_id_fkey
    FOREIGN KEY (campaign_id, brand_id) REFERENCES campaigns (id, brand_id) ON DELETE CASCADE;
ALTER TABLE campaign_invitations ADD CONSTRAINT campaign_invitations_campaign_id_fkey
    FOREIGN KEY (campaign_id, brand_id) REFERENCES campaigns (id, brand_id) ON DELETE CASCADE;
ALTER TABLE tracking_links ADD CONSTRAINT tracking_links_campaign_id_fkey
    FOREIGN KEY (campaign_id, brand_id) REFERENCES campaigns (id, brand_id) ON DELETE CASCADE;
ALTER TABLE discount_codes ADD CONSTRAINT discount_codes_campaign_id_fkey
    FOREIGN KEY (campaign_id, brand_id) REFERENCES campaigns (id, brand_id) ON DELETE CASCADE;
ALTER TABLE conversions
    ADD CONSTRAINT conversions_campaign_id_fkey FOREIGN KEY (campaign_id, brand_id)
        REFERENCES campaigns (id, brand_id) ON DELETE SET NULL (campaign_id),
    ADD CONSTRAINT conversions_discount_code_id_fkey FOREIGN KEY (discount_code_id, brand_id)
        REFERENCES discount_codes (id, brand_id) ON DELETE SET NULL (discount_code_id),
    ADD CONSTRAINT conversions_payout_id_fkey FOREIGN KEY (payout_id, brand_id)
        REFERENCES payouts (id, brand_id) ON DELETE SET NULL (payout_id);

-- Every short code of the platform and its link: the redirect resolves a code without knowing its
-- brand (under Citus a reference table, on every node). The trigger keeps it in step with
-- tracking_links for every writer, COPY included; its primary key keeps codes unique.
CREATE TABLE short_codes (
    code     text PRIMARY KEY,
    link_id  uuid NOT NULL,
    brand_id uuid NOT NULL
);
INSERT INTO short_codes (code, link_id, brand_id)
SELECT short_code, id, brand_id FROM tracking_links ORDER BY short_code;
ALTER TABLE tracking_links DROP CONSTRAINT tracking_links_short_code_key;

CREATE FUNCTION tracking_links_short_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM short_codes WHERE code = OLD.short_code;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO short_codes (code, link_id, brand_id) VALUES (NEW.short_code, NEW.id, NEW.brand_id);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER tracking_links_short_code AFTER INSERT OR DELETE OR UPDATE OF short_code, id, brand_id ON tracking_links
    FOR EACH ROW EXECUTE FUNCTION tracking_links_short_code();
