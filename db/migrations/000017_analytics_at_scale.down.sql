SELECT pg_advisory_xact_lock(7461203);

DROP INDEX activity_log_affiliate_idx;
CREATE INDEX activity_log_affiliate_idx ON activity_log (affiliate_id, created_at DESC) WHERE affiliate_id IS NOT NULL;
DROP INDEX activity_log_brand_idx;
CREATE INDEX activity_log_brand_idx ON activity_log (brand_id, created_at DESC) WHERE brand_id IS NOT NULL;

-- Migration 000014's functions.
-- A conversion's contribution, signed: +1 for a row as it is now, -1 for a row as it was.
CREATE OR REPLACE FUNCTION conversion_stats_delta(v conversions, sign int) RETURNS void LANGUAGE sql AS $$
    INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, conversions,
                              revenue, commission, pending_commission, confirmed_commission, paid_commission)
    SELECT v.brand_id, (v.converted_at AT TIME ZONE 'UTC')::date,
           coalesce(v.campaign_id, '00000000-0000-0000-0000-000000000000'),
           v.affiliate_id, coalesce(v.link_id, '00000000-0000-0000-0000-000000000000'), v.commission_currency,
           sign,
           sign * (v.order_total - v.refunded_amount) * v.exchange_rate,
           sign * v.commission_amount,
           CASE WHEN v.status IN ('pending', 'flagged') THEN sign * v.commission_amount ELSE 0 END,
           CASE WHEN v.status = 'confirmed' THEN sign * v.commission_amount ELSE 0 END,
           CASE WHEN v.status = 'paid' THEN sign * v.commission_amount ELSE 0 END
    WHERE v.affiliate_id IS NOT NULL AND v.status NOT IN ('rejected', 'reversed');
$$;


CREATE OR REPLACE FUNCTION fold_daily_stats() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    folded bigint;
BEGIN
    IF NOT pg_try_advisory_xact_lock(7461203) THEN
        RETURN 0;
    END IF;
    WITH moved AS (
        DELETE FROM stats_deltas RETURNING *
    ), grouped AS (
        SELECT CASE WHEN GROUPING(m.link_id) = 0 THEN 0
                    WHEN GROUPING(m.campaign_id) = 0 THEN 1
                    WHEN GROUPING(m.affiliate_id) = 0 THEN 2
                    ELSE 3 END AS grain,
               m.brand_id, m.day,
               coalesce(m.campaign_id, '00000000-0000-0000-0000-000000000000') AS campaign_id,
               coalesce(m.affiliate_id, '00000000-0000-0000-0000-000000000000') AS affiliate_id,
               coalesce(m.link_id, '00000000-0000-0000-0000-000000000000') AS link_id,
               m.currency,
               sum(m.clicks) AS clicks, sum(m.unique_clicks) AS unique_clicks, sum(m.conversions) AS conversions,
               sum(m.revenue) AS revenue, sum(m.commission) AS commission,
               sum(m.pending_commission) AS pending_commission, sum(m.confirmed_commission) AS confirmed_commission,
               sum(m.paid_commission) AS paid_commission
        FROM moved m
        GROUP BY GROUPING SETS (
            (m.brand_id, m.day, m.currency, m.campaign_id, m.affiliate_id, m.link_id),
            (m.brand_id, m.day, m.currency, m.campaign_id),
            (m.brand_id, m.day, m.currency, m.affiliate_id),
            (m.brand_id, m.day, m.currency))
    ), upserted AS (
        INSERT INTO daily_stats AS s (brand_id, grain, day, campaign_id, affiliate_id, link_id, currency, clicks,
                                      unique_clicks, conversions, revenue, commission, pending_commission,
                                      confirmed_commission, paid_commission)
        SELECT g.brand_id, g.grain, g.day, g.campaign_id, g.affiliate_id, g.link_id, g.currency, g.clicks,
               g.unique_clicks, g.conversions, g.revenue, g.commission, g.pending_commission,
               g.confirmed_commission, g.paid_commission
        FROM grouped g
        ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT (brand_id, grain, day, campaign_id, affiliate_id, link_id, currency) DO UPDATE SET
            clicks = s.clicks + excluded.clicks,
            unique_clicks = s.unique_clicks + excluded.unique_clicks,
            conversions = s.conversions + excluded.conversions,
            revenue = s.revenue + excluded.revenue,
            commission = s.commission + excluded.commission,
            pending_commission = s.pending_commission + excluded.pending_commission,
            confirmed_commission = s.confirmed_commission + excluded.confirmed_commission,
            paid_commission = s.paid_commission + excluded.paid_commission
    )
    SELECT count(*) INTO folded FROM moved;
    RETURN folded;
END $$;

DROP TABLE review_counts;
DROP TABLE review_deltas;
DROP TABLE monthly_stats;
DROP INDEX daily_stats_platform_idx;
DELETE FROM daily_stats WHERE grain = 4;
ALTER TABLE daily_stats DROP CONSTRAINT daily_stats_grain_check,
    ADD CONSTRAINT daily_stats_grain_check CHECK (grain BETWEEN 0 AND 3);
CREATE INDEX daily_stats_platform_idx ON daily_stats (grain, day) WHERE grain IN (1, 3);
