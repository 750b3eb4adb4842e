-- Citus refuses ON DELETE SET NULL on a foreign key that includes the distribution column, even
-- with a column list (citusdata/citus#7132). The three keys of conversions to campaigns, discount
-- codes and payouts become NO ACTION; deleting a campaign, a code or a payout empties its
-- conversions' column first, in the same transaction (server/domain: campaigns, discountcodes,
-- payouts and conversions' refunds), which is what SET NULL (column) did.
ALTER TABLE conversions
    DROP CONSTRAINT conversions_campaign_id_fkey,
    ADD CONSTRAINT conversions_campaign_id_fkey FOREIGN KEY (campaign_id, brand_id) REFERENCES campaigns (id, brand_id),
    DROP CONSTRAINT conversions_discount_code_id_fkey,
    ADD CONSTRAINT conversions_discount_code_id_fkey FOREIGN KEY (discount_code_id, brand_id) REFERENCES discount_codes (id, brand_id),
    DROP CONSTRAINT conversions_payout_id_fkey,
    ADD CONSTRAINT conversions_payout_id_fkey FOREIGN KEY (payout_id, brand_id) REFERENCES payouts (id, brand_id);

-- Two triggers wrote rows that Citus keeps elsewhere than the row that fired them: a trigger on a
-- shard may only reach co-located shards on its own node ("cannot execute a distributed query
-- from a query on a shard"). The server writes those rows now, in the same transaction:
-- - a link's code in short_codes (a reference table): the link service, and the deletes of a
--   campaign, an affiliate or a brand free their links' codes;
-- - the clicks' rollup deltas, which read earlier clicks of the same link: the click writer runs
--   RollupClicks on the batch it has just copied.
-- The conversions' trigger (conversions_stats) and the deleted clicks' (clicks_deleted_stats) stay:
-- they write only stats_deltas and review_deltas rows of the row's own brand, co-located shards on
-- the same node, which Citus allows (citus.enable_unsafe_triggers when distributing).
DROP TRIGGER tracking_links_short_code ON tracking_links;
DROP FUNCTION tracking_links_short_code();
DROP TRIGGER clicks_inserted_stats ON clicks;
DROP FUNCTION clicks_inserted_stats();
DROP TRIGGER clicks_deleted_stats ON clicks;
DROP FUNCTION clicks_deleted_stats();

-- The conversions' trigger stays (its rows are the conversion's own brand's), but a shard's row is
-- of the shard's type, which conversion_stats_delta(conversions, int) does not take: the trigger
-- passes the columns it reads instead.
CREATE FUNCTION conversion_stats_delta(brand_id uuid, converted_at timestamptz, campaign_id uuid, affiliate_id uuid,
                                       link_id uuid, commission_currency text, status text, order_total numeric,
                                       refunded_amount numeric, exchange_rate numeric, commission_amount numeric,
                                       sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    -- PL/pgSQL, not SQL: Citus plans no statement of an SQL function that uses its parameters.
    INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, conversions,
                              link_conversions, revenue, commission, pending_commission, confirmed_commission,
                              paid_commission)
    SELECT brand_id, (converted_at AT TIME ZONE 'UTC')::date,
           coalesce(campaign_id, '00000000-0000-0000-0000-000000000000'),
           affiliate_id, coalesce(link_id, '00000000-0000-0000-0000-000000000000'), commission_currency,
           sign,
           CASE WHEN link_id IS NOT NULL THEN sign ELSE 0 END,
           sign * (order_total - refunded_amount) * exchange_rate,
           sign * commission_amount,
           CASE WHEN status IN ('pending', 'flagged') THEN sign * commission_amount ELSE 0 END,
           CASE WHEN status = 'confirmed' THEN sign * commission_amount ELSE 0 END,
           CASE WHEN status = 'paid' THEN sign * commission_amount ELSE 0 END
    WHERE affiliate_id IS NOT NULL AND status NOT IN ('rejected', 'reversed');
    INSERT INTO review_deltas (brand_id, awaiting)
    SELECT brand_id, sign
    WHERE status IN ('pending', 'flagged');
END $$;

CREATE OR REPLACE FUNCTION conversions_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND ROW(OLD.status, OLD.commission_amount, OLD.order_total, OLD.refunded_amount,
            OLD.exchange_rate, OLD.converted_at, OLD.campaign_id, OLD.affiliate_id, OLD.link_id,
            OLD.commission_currency, OLD.brand_id)
        IS NOT DISTINCT FROM ROW(NEW.status, NEW.commission_amount, NEW.order_total, NEW.refunded_amount,
            NEW.exchange_rate, NEW.converted_at, NEW.campaign_id, NEW.affiliate_id, NEW.link_id,
            NEW.commission_currency, NEW.brand_id) THEN
        RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM conversion_stats_delta(OLD.brand_id, OLD.converted_at, OLD.campaign_id, OLD.affiliate_id, OLD.link_id,
                                       OLD.commission_currency, OLD.status, OLD.order_total, OLD.refunded_amount,
                                       OLD.exchange_rate, OLD.commission_amount, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM conversion_stats_delta(NEW.brand_id, NEW.converted_at, NEW.campaign_id, NEW.affiliate_id, NEW.link_id,
                                       NEW.commission_currency, NEW.status, NEW.order_total, NEW.refunded_amount,
                                       NEW.exchange_rate, NEW.commission_amount, 1);
    END IF;
    RETURN NULL;
END $$;

-- The row-typed form (gendata's rollup of stored rows) is the same delta.
CREATE OR REPLACE FUNCTION conversion_stats_delta(v conversions, sign int) RETURNS void LANGUAGE sql AS $$
    SELECT conversion_stats_delta(v.brand_id, v.converted_at, v.campaign_id, v.affiliate_id, v.link_id,
                                  v.commission_currency, v.status, v.order_total, v.refunded_amount,
                                  v.exchange_rate, v.commission_amount, sign);
$$;

-- Every read of a link's clicks pairs the link's brand_id (Citus joins shards only on it), which
-- the link indexes did not hold: the planner left the ordered index for a heap scan and a sort
-- (an affiliate's five latest clicks: 0.3 ms before, 200 ms at a million clicks). brand_id is in
-- their keys now, after link_id.
DROP INDEX clicks_link_time_idx;
CREATE INDEX clicks_link_time_idx ON clicks (link_id, brand_id, clicked_at DESC, id DESC) WHERE NOT is_bot;
DROP INDEX clicks_link_bot_idx;
CREATE INDEX clicks_link_bot_idx ON clicks (link_id, brand_id) WHERE is_bot;
