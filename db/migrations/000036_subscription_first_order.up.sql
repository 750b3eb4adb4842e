-- The order a subscription was remembered from (its first attributed payment): while that
-- conversion is rejected or reversed, the subscription's renewals earn nothing; confirming the
-- rejected first payment (a brand restoring it) brings them back. Subscriptions remembered before
-- take the sale they were remembered from: its brand, subscription, affiliate and time.
ALTER TABLE subscriptions ADD COLUMN first_order_id text NOT NULL DEFAULT '';

UPDATE subscriptions s SET first_order_id = v.order_id
FROM conversions v
WHERE v.brand_id = s.brand_id AND v.subscription_id = s.subscription_id AND v.kind = 'sale'
  AND v.affiliate_id = s.affiliate_id AND v.converted_at = s.first_payment_at;
