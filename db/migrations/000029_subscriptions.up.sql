-- A campaign's recurring rule: which payments of a subscription earn. first_payment (the first
-- only, as before), first_payments (the first recurring_limit payments), first_months (payments
-- within recurring_limit months of the first) or lifetime.
ALTER TABLE campaigns ADD COLUMN recurring text NOT NULL DEFAULT 'first_payment'
    CHECK (recurring IN ('first_payment', 'first_payments', 'first_months', 'lifetime'));
ALTER TABLE campaigns ADD COLUMN recurring_limit integer
    CHECK ((recurring IN ('first_payments', 'first_months')) = (recurring_limit IS NOT NULL)
           AND (recurring_limit IS NULL OR recurring_limit BETWEEN 1 AND 120));

-- A conversion's kind (a sale, or a subscription's renewal), its subscription, and why its
-- commission is zero when the campaign's recurring rule left it out.
ALTER TABLE conversions ADD COLUMN kind text NOT NULL DEFAULT 'sale' CHECK (kind IN ('sale', 'renewal'));
ALTER TABLE conversions ADD COLUMN subscription_id text NOT NULL DEFAULT '';
ALTER TABLE conversions ADD COLUMN commission_note text NOT NULL DEFAULT '';

-- A subscription whose first payment was attributed: its renewals earn for the same affiliate in
-- the same campaign (read as attributed the way the first payment was), as the campaign's
-- recurring rule says. payments counts its stored attributed
-- payments, the first included.
CREATE TABLE subscriptions (
    brand_id         uuid        NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    subscription_id  text        NOT NULL,
    customer_id      text        NOT NULL DEFAULT '',
    affiliate_id     uuid        NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    campaign_id      uuid        NOT NULL,
    attribution      text        NOT NULL CHECK (attribution IN ('link', 'discount_code')),
    first_payment_at timestamptz NOT NULL,
    payments         integer     NOT NULL DEFAULT 1,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (brand_id, subscription_id),
    FOREIGN KEY (campaign_id, brand_id) REFERENCES campaigns (id, brand_id) ON DELETE CASCADE
);
CREATE INDEX subscriptions_campaign_idx ON subscriptions (campaign_id);
CREATE INDEX subscriptions_affiliate_idx ON subscriptions (affiliate_id);
