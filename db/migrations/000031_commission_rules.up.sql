-- Richer commission rules (docs/product.md §6.1): per-product rates and performance tiers.
--
-- A campaign's product rates and tiers are short lists read with the campaign on every attributed
-- order, so they live on its row as jsonb; the functions below keep their shape honest (the API
-- checks the same rules first and names the field).

-- campaign_product_rates_valid: an array of at most 50 objects
-- {"match": product_id|sku|category|price_id, "key": 1..255 characters,
--  "commission_type": percentage|fixed, "commission_value": a decimal string, 0..1 for a
--  percentage (4 decimals), 0..9999999999.99 for a fixed amount per unit}, no (match, key) twice.
CREATE FUNCTION campaign_product_rates_valid(rates jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    r jsonb;
    v numeric;
    seen text[] := '{}';
BEGIN
    IF jsonb_typeof(rates) <> 'array' OR jsonb_array_length(rates) > 50 THEN
        RETURN false;
    END IF;
    FOR r IN SELECT * FROM jsonb_array_elements(rates) LOOP
        IF jsonb_typeof(r) <> 'object'
           OR (SELECT count(*) FROM jsonb_object_keys(r)) <> 4
           OR NOT coalesce(r->>'match' IN ('product_id', 'sku', 'category', 'price_id'), false)
           OR jsonb_typeof(r->'key') IS DISTINCT FROM 'string'
           OR length(r->>'key') NOT BETWEEN 1 AND 255
           OR NOT coalesce(r->>'commission_type' IN ('percentage', 'fixed'), false)
           OR jsonb_typeof(r->'commission_value') IS DISTINCT FROM 'string'
           OR (r->>'commission_value') !~ '^[0-9]{1,10}(\.[0-9]{1,4})?$' THEN
            RETURN false;
        END IF;
        v := (r->>'commission_value')::numeric;
        IF (r->>'commission_type' = 'percentage' AND v > 1)
           OR (r->>'commission_type' = 'fixed' AND v <> round(v, 2)) THEN
            RETURN false;
        END IF;
        IF (r->>'match') || ':' || (r->>'key') = ANY (seen) THEN
            RETURN false;
        END IF;
        seen := seen || ((r->>'match') || ':' || (r->>'key'));
    END LOOP;
    RETURN true;
END $$;

-- campaign_tiers_valid: an array of at most 10 objects {"threshold": a decimal string above 0
-- (a whole number of conversions for the conversions basis, money with 2 decimals for revenue),
-- "value": a decimal string of the campaign's commission type}, thresholds strictly ascending.
CREATE FUNCTION campaign_tiers_valid(tiers jsonb, basis text, commission_type text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    t jsonb;
    threshold numeric;
    v numeric;
    previous numeric := 0;
BEGIN
    IF jsonb_typeof(tiers) <> 'array' OR jsonb_array_length(tiers) > 10 THEN
        RETURN false;
    END IF;
    FOR t IN SELECT * FROM jsonb_array_elements(tiers) LOOP
        IF jsonb_typeof(t) <> 'object'
           OR (SELECT count(*) FROM jsonb_object_keys(t)) <> 2
           OR jsonb_typeof(t->'threshold') IS DISTINCT FROM 'string'
           OR (t->>'threshold') !~ '^[0-9]{1,12}(\.[0-9]{1,2})?$'
           OR jsonb_typeof(t->'value') IS DISTINCT FROM 'string'
           OR (t->>'value') !~ '^[0-9]{1,10}(\.[0-9]{1,4})?$' THEN
            RETURN false;
        END IF;
        threshold := (t->>'threshold')::numeric;
        v := (t->>'value')::numeric;
        IF threshold <= previous
           OR (basis = 'conversions' AND threshold <> trunc(threshold))
           OR (commission_type = 'percentage' AND v > 1)
           OR (commission_type = 'fixed' AND v <> round(v, 2)) THEN
            RETURN false;
        END IF;
        previous := threshold;
    END LOOP;
    RETURN true;
END $$;

ALTER TABLE campaigns ADD COLUMN product_rates jsonb NOT NULL DEFAULT '[]'
    CHECK (campaign_product_rates_valid(product_rates));
ALTER TABLE campaigns ADD COLUMN tier_basis text NOT NULL DEFAULT 'revenue'
    CHECK (tier_basis IN ('revenue', 'conversions'));
ALTER TABLE campaigns ADD COLUMN tiers jsonb NOT NULL DEFAULT '[]';
ALTER TABLE campaigns ADD CONSTRAINT campaigns_tiers_check
    CHECK (campaign_tiers_valid(tiers, tier_basis, commission_type));

-- The tier a conversion reached when it was stored (its 1-based place in the campaign's list then,
-- the basis, the threshold passed, and the value of the campaign's commission type then that
-- replaced its rate): history, kept whatever the campaign later becomes. All null when no tier
-- applied.
ALTER TABLE conversions ADD COLUMN tier_index smallint CHECK (tier_index BETWEEN 1 AND 10);
ALTER TABLE conversions ADD COLUMN tier_basis text CHECK (tier_basis IN ('revenue', 'conversions'));
ALTER TABLE conversions ADD COLUMN tier_threshold numeric(14, 2) CHECK (tier_threshold > 0);
ALTER TABLE conversions ADD COLUMN tier_value numeric(14, 4) CHECK (tier_value >= 0);
ALTER TABLE conversions ADD COLUMN tier_commission_type text CHECK (tier_commission_type IN ('percentage', 'fixed'));
ALTER TABLE conversions ADD CONSTRAINT conversions_tier_check CHECK (
    (tier_index IS NULL) = (tier_basis IS NULL) AND (tier_index IS NULL) = (tier_threshold IS NULL)
    AND (tier_index IS NULL) = (tier_value IS NULL) AND (tier_index IS NULL) = (tier_commission_type IS NULL));

-- The lines of an order, as its source reported them, each with the product rate it matched (if
-- any) and the exact commission that rate gave it (unrounded: the conversion's commission is
-- rounded once, from the exact sum). A line no product rate matched earns within the rest of the
-- order at the campaign's rate: its rule and commission are null.
CREATE TABLE conversion_lines (
    brand_id         uuid    NOT NULL,
    conversion_id    uuid    NOT NULL,
    position         smallint NOT NULL CHECK (position BETWEEN 1 AND 500),
    product_id       text    NOT NULL DEFAULT '' CHECK (length(product_id) <= 255),
    sku              text    NOT NULL DEFAULT '' CHECK (length(sku) <= 255),
    categories       text[]  NOT NULL DEFAULT '{}' CHECK (cardinality(categories) <= 50),
    price_id         text    NOT NULL DEFAULT '' CHECK (length(price_id) <= 255),
    quantity         integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000000),
    amount           numeric(14, 2) NOT NULL CHECK (amount >= 0),
    matched_by       text CHECK (matched_by IN ('product_id', 'sku', 'category', 'price_id')),
    matched_key      text,
    commission_type  text CHECK (commission_type IN ('percentage', 'fixed')),
    commission_value numeric(14, 4) CHECK (commission_value >= 0),
    commission       numeric CHECK (commission >= 0),
    PRIMARY KEY (brand_id, conversion_id, position),
    FOREIGN KEY (conversion_id, brand_id) REFERENCES conversions (id, brand_id) ON DELETE CASCADE,
    CHECK ((matched_by IS NULL) = (matched_key IS NULL) AND (matched_by IS NULL) = (commission_type IS NULL)
           AND (matched_by IS NULL) = (commission_value IS NULL) AND (matched_by IS NULL) = (commission IS NULL))
);
