-- Conversions from links, apart from those from discount codes (issue 20): the conversion rate is
-- the conversions a tracking link brought per 100 clicks of the same scope, so orders that came
-- through a code (which have no click) no longer push it past 100 %. The rollups keep that count
-- as link_conversions beside conversions (all attributed ones, codes included); code orders are
-- the difference. Definitions: docs/analytics.md.

-- Writers of conversions and the fold wait meanwhile, so no order is counted twice or missed
-- while the functions are replaced and the stored orders are counted in.
LOCK TABLE conversions IN SHARE MODE;
SELECT pg_advisory_xact_lock(7461203);

ALTER TABLE stats_deltas ADD COLUMN link_conversions bigint NOT NULL DEFAULT 0;
ALTER TABLE daily_stats ADD COLUMN link_conversions bigint NOT NULL DEFAULT 0;
ALTER TABLE monthly_stats ADD COLUMN link_conversions bigint NOT NULL DEFAULT 0;

-- As migration 000017's, and link_conversions: the conversions a tracking link brought.
CREATE OR REPLACE FUNCTION conversion_stats_delta(v conversions, sign int) RETURNS void LANGUAGE sql AS $$
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
$$;

-- As migration 000017's, with link_conversions.
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
                    WHEN GROUPING(m.brand_id) = 0 THEN 3
                    ELSE 4 END AS grain,
               coalesce(m.brand_id, '00000000-0000-0000-0000-000000000000') AS brand_id, m.day,
               coalesce(m.campaign_id, '00000000-0000-0000-0000-000000000000') AS campaign_id,
               coalesce(m.affiliate_id, '00000000-0000-0000-0000-000000000000') AS affiliate_id,
               coalesce(m.link_id, '00000000-0000-0000-0000-000000000000') AS link_id,
               m.currency,
               sum(m.clicks) AS clicks, sum(m.unique_clicks) AS unique_clicks, sum(m.conversions) AS conversions,
               sum(m.link_conversions) AS link_conversions,
               sum(m.revenue) AS revenue, sum(m.commission) AS commission,
               sum(m.pending_commission) AS pending_commission, sum(m.confirmed_commission) AS confirmed_commission,
               sum(m.paid_commission) AS paid_commission
        FROM moved m
        GROUP BY GROUPING SETS (
            (m.brand_id, m.day, m.currency, m.campaign_id, m.affiliate_id, m.link_id),
            (m.brand_id, m.day, m.currency, m.campaign_id),
            (m.brand_id, m.day, m.currency, m.affiliate_id),
            (m.brand_id, m.day, m.currency),
            (m.day, m.currency))
    ), days AS (
        INSERT INTO daily_stats AS s (brand_id, grain, day, campaign_id, affiliate_id, link_id, currency, clicks,
                                      unique_clicks, conversions, link_conversions, revenue, commission,
                                      pending_commission, confirmed_commission, paid_commission)
        SELECT g.brand_id, g.grain, g.day, g.campaign_id, g.affiliate_id, g.link_id, g.currency, g.clicks,
               g.unique_clicks, g.conversions, g.link_conversions, g.revenue, g.commission, g.pending_commission,
               g.confirmed_commission, g.paid_commission
        FROM grouped g
        ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT (brand_id, grain, day, campaign_id, affiliate_id, link_id, currency) DO UPDATE SET
            clicks = s.clicks + excluded.clicks,
            unique_clicks = s.unique_clicks + excluded.unique_clicks,
            conversions = s.conversions + excluded.conversions,
            link_conversions = s.link_conversions + excluded.link_conversions,
            revenue = s.revenue + excluded.revenue,
            commission = s.commission + excluded.commission,
            pending_commission = s.pending_commission + excluded.pending_commission,
            confirmed_commission = s.confirmed_commission + excluded.confirmed_commission,
            paid_commission = s.paid_commission + excluded.paid_commission
    ), months AS (
        INSERT INTO monthly_stats AS s (brand_id, grain, month, campaign_id, affiliate_id, link_id, currency, clicks,
                                        unique_clicks, conversions, link_conversions, revenue, commission,
                                        pending_commission, confirmed_commission, paid_commission)
        SELECT g.brand_id, g.grain, date_trunc('month', g.day::timestamp)::date, g.campaign_id, g.affiliate_id,
               g.link_id, g.currency, sum(g.clicks), sum(g.unique_clicks), sum(g.conversions), sum(g.link_conversions), sum(g.revenue),
               sum(g.commission), sum(g.pending_commission), sum(g.confirmed_commission), sum(g.paid_commission)
        FROM grouped g
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT (brand_id, grain, month, campaign_id, affiliate_id, link_id, currency) DO UPDATE SET
            clicks = s.clicks + excluded.clicks,
            unique_clicks = s.unique_clicks + excluded.unique_clicks,
            conversions = s.conversions + excluded.conversions,
            link_conversions = s.link_conversions + excluded.link_conversions,
            revenue = s.revenue + excluded.revenue,
            commission = s.commission + excluded.commission,
            pending_commission = s.pending_commission + excluded.pending_commission,
            confirmed_commission = s.confirmed_commission + excluded.confirmed_commission,
            paid_commission = s.paid_commission + excluded.paid_commission
    )
    SELECT count(*) INTO folded FROM moved;
    WITH moved AS (
        DELETE FROM review_deltas RETURNING brand_id, awaiting
    )
    INSERT INTO review_counts AS c (brand_id, awaiting)
    SELECT m.brand_id, sum(m.awaiting) FROM moved m GROUP BY m.brand_id ORDER BY m.brand_id
    ON CONFLICT (brand_id) DO UPDATE SET awaiting = c.awaiting + excluded.awaiting;
    RETURN folded;
END $$;

-- The stored orders' link conversions, as deltas the next fold adds to the rollups.
INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, link_conversions)
SELECT v.brand_id, (v.converted_at AT TIME ZONE 'UTC')::date,
       coalesce(v.campaign_id, '00000000-0000-0000-0000-000000000000'), v.affiliate_id, v.link_id,
       v.commission_currency, 1
FROM conversions v
WHERE v.link_id IS NOT NULL AND v.affiliate_id IS NOT NULL AND v.status NOT IN ('rejected', 'reversed');
