-- The conversions' rollup trigger (migration 000014) calls conversion_stats_delta for every stored
-- or changed order. As a LANGUAGE sql function of two statements it was parsed and planned again
-- at every call (0.18 ms of an order's 0.75 ms insert when shops report orders,
-- docs/benchmarks.md); in plpgsql its two statements' plans are kept per session. The statements
-- are migration 000027's, unchanged.
CREATE OR REPLACE FUNCTION conversion_stats_delta(v conversions, sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, conversions,
                              link_conversions, revenue, commission, pending_commission, confirmed_commission,
                              paid_commission)
    SELECT v.brand_id, (v.converted_at AT TIME ZONE 'UTC')::date,
           coalesce(v.campaign_id, '00000000-0000-0000-0000-000000000000'),
           v.affiliate_id, coalesce(v.link_id, '00000000-0000-0000-0000-000000000000'), v.commission_currency,
           sign,
           CASE WHEN v.link_id IS NOT NULL THEN sign ELSE 0 END,
           sign * (v.order_total - v.refunded_amount) * v.exchange_rate,
           sign * v.commission_amount,
           CASE WHEN v.status IN ('pending', 'flagged') THEN sign * v.commission_amount ELSE 0 END,
           CASE WHEN v.status = 'confirmed' THEN sign * v.commission_amount ELSE 0 END,
           CASE WHEN v.status = 'paid' THEN sign * v.commission_amount ELSE 0 END
    WHERE v.affiliate_id IS NOT NULL AND v.status NOT IN ('rejected', 'reversed');
    INSERT INTO review_deltas (brand_id, awaiting)
    SELECT v.brand_id, sign
    WHERE v.status IN ('pending', 'flagged');
END;
$$;
