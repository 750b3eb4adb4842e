-- Orders from a brand's Stripe account (its webhook endpoint's events) are conversions of their own source.
ALTER TABLE conversions DROP CONSTRAINT conversions_source_check;
ALTER TABLE conversions ADD CONSTRAINT conversions_source_check CHECK (source IN ('api', 'shopify', 'woocommerce', 'stripe'));

-- The signing secret (whsec_...) Stripe generated for the brand's webhook endpoint: written by the
-- brand, never answered back; '' while the brand has none, and then every Stripe event is refused.
ALTER TABLE brands ADD COLUMN stripe_secret text NOT NULL DEFAULT '' CHECK (length(stripe_secret) <= 255);

-- A Stripe payment (its PaymentIntent, or its charge when it has none) and the order id of the
-- conversion it paid: the PaymentIntent itself for a Checkout payment, the invoice for a
-- subscription's (learnt from invoice_payment.paid). Refunds and disputes name only the payment,
-- so what they say is kept here until the order id is known and the conversion stored, and applied
-- once: refunded is the charge's amount_refunded in minor units (applied: how much of it was taken
-- back); dispute is the payment's dispute ('open', 'won', 'lost'); held says its conversion was
-- flagged for it, released that a won dispute returned it, lost_applied that a lost one reversed it.
CREATE TABLE stripe_payments (
    brand_id     uuid    NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    payment_id   text    NOT NULL CHECK (payment_id <> '' AND length(payment_id) <= 255),
    order_id     text    NOT NULL DEFAULT '' CHECK (length(order_id) <= 255),
    currency     text    NOT NULL DEFAULT '',
    refunded     bigint  NOT NULL DEFAULT 0 CHECK (refunded >= 0),
    applied      bigint  NOT NULL DEFAULT 0 CHECK (applied >= 0),
    dispute      text    NOT NULL DEFAULT '' CHECK (dispute IN ('', 'open', 'won', 'lost')),
    held         boolean NOT NULL DEFAULT false,
    released     boolean NOT NULL DEFAULT false,
    lost_applied boolean NOT NULL DEFAULT false,
    PRIMARY KEY (brand_id, payment_id)
);
CREATE INDEX stripe_payments_order_idx ON stripe_payments (brand_id, order_id);

-- A Stripe subscription as its Checkout Session saw it (the click id the session carried, when
-- the session has arrived) and its first invoice, held while neither it nor a session says who
-- referred it: a Checkout Session that arrives after its invoice attributes it as one before.
CREATE TABLE stripe_subscriptions (
    brand_id        uuid    NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    subscription_id text    NOT NULL CHECK (subscription_id <> '' AND length(subscription_id) <= 255),
    checkout_seen   boolean NOT NULL DEFAULT false,
    click_id        text    NOT NULL DEFAULT '' CHECK (length(click_id) <= 500),
    customer_id     text    NOT NULL DEFAULT '' CHECK (length(customer_id) <= 255),
    held_invoice    jsonb,
    PRIMARY KEY (brand_id, subscription_id)
);
