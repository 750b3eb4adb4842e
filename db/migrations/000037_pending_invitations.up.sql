-- An invitation is of an email, with or without an affiliate account behind it, so that inviting
-- answers the same for every address (issue 32): affiliate_id is set when an affiliate with an
-- account has the email, else the invitation stays pending. Its id names it to withdraw it.
ALTER TABLE campaign_invitations ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(),
    ADD COLUMN email text;
UPDATE campaign_invitations i SET email = lower(a.email) FROM affiliates a WHERE a.id = i.affiliate_id;
ALTER TABLE campaign_invitations ALTER COLUMN email SET NOT NULL,
    DROP CONSTRAINT campaign_invitations_pkey,
    ALTER COLUMN affiliate_id DROP NOT NULL,
    ADD PRIMARY KEY (id, brand_id);
-- Inviting an email twice keeps the first invitation.
CREATE UNIQUE INDEX campaign_invitations_email_key ON campaign_invitations (campaign_id, brand_id, lower(email));
