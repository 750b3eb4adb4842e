-- Payouts: an affiliate's confirmed, unpaid commissions of one brand in one currency, grouped to be
-- paid together (pending), then marked paid with the payment's reference (docs/product.md §6). A
-- conversion is in one payout at most (conversions.payout_id).
CREATE TABLE payouts (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id         uuid NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    -- Kept when the affiliate is deleted: the money went out all the same.
    affiliate_id     uuid REFERENCES affiliates (id) ON DELETE SET NULL,
    affiliate_name   text NOT NULL DEFAULT '',
    affiliate_email  text NOT NULL DEFAULT '',
    currency         text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    amount           numeric(14, 2) NOT NULL CHECK (amount > 0),
    conversion_count integer NOT NULL CHECK (conversion_count > 0),
    status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
    reference        text NOT NULL DEFAULT '' CHECK (length(reference) <= 200),
    created_by       uuid,
    paid_by          uuid,
    created_at       timestamptz NOT NULL DEFAULT now(),
    paid_at          timestamptz,
    CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
CREATE INDEX payouts_brand_time_idx ON payouts (brand_id, created_at DESC);
CREATE INDEX payouts_affiliate_time_idx ON payouts (affiliate_id, created_at DESC) WHERE affiliate_id IS NOT NULL;

ALTER TABLE conversions ADD COLUMN payout_id uuid REFERENCES payouts (id) ON DELETE SET NULL;
CREATE INDEX conversions_payout_idx ON conversions (payout_id) WHERE payout_id IS NOT NULL;
-- What a payout run reads: confirmed commissions in no payout.
CREATE INDEX conversions_payable_idx ON conversions (brand_id, affiliate_id, commission_currency)
    WHERE status = 'confirmed' AND payout_id IS NULL;
