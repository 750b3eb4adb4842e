SELECT pg_advisory_xact_lock(7461203);

-- Migration 000014's fold.
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

DROP TABLE monthly_stats;
DROP INDEX daily_stats_platform_idx;
DELETE FROM daily_stats WHERE grain = 4;
ALTER TABLE daily_stats DROP CONSTRAINT daily_stats_grain_check,
    ADD CONSTRAINT daily_stats_grain_check CHECK (grain BETWEEN 0 AND 3);
CREATE INDEX daily_stats_platform_idx ON daily_stats (grain, day) WHERE grain IN (1, 3);
