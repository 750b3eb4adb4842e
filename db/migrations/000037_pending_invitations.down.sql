DELETE FROM campaign_invitations WHERE affiliate_id IS NULL;
DELETE FROM campaign_invitations i USING campaign_invitations j
WHERE i.campaign_id = j.campaign_id AND i.brand_id = j.brand_id AND i.affiliate_id = j.affiliate_id AND i.id > j.id;
DROP INDEX campaign_invitations_email_key;
ALTER TABLE campaign_invitations DROP CONSTRAINT campaign_invitations_pkey,
    ALTER COLUMN affiliate_id SET NOT NULL,
    ADD PRIMARY KEY (campaign_id, affiliate_id, brand_id),
    DROP COLUMN email,
    DROP COLUMN id;
