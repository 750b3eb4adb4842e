-- Analytics whose cost does not grow with the traffic (docs/benchmarks.md, "Analytics and dashboards
-- at scale"). At 10 million clicks the host's year of analytics read 132,000 campaign-day rows, a
-- large brand's top affiliates of 30 days 35,000 affiliate-day rows, the host's dashboard counted
-- 83,000 orders waiting for review, and a brand's recent activity walked a thousand entries of
-- other tenants for its ten.
--
-- monthly_stats holds daily_stats summed per calendar month (month is its first day), at the same
-- grains; a range reads its whole months from it and the days at its ends from daily_stats
-- (server/domain/analytics chooses which). Both grow by a fifth grain, 4, the platform: every brand's
-- figures per day (or month) and currency under the zero brand, so the host's chart reads one row
-- per day and currency. fold_daily_stats() writes both tables in the statement that moves the
-- deltas, so a read always sees them agree.

-- No fold while the rollups are rebuilt below (an older server may still be folding).
SELECT pg_advisory_xact_lock(7461203);

ALTER TABLE daily_stats DROP CONSTRAINT daily_stats_grain_check,
    ADD CONSTRAINT daily_stats_grain_check CHECK (grain BETWEEN 0 AND 4);

INSERT INTO daily_stats (brand_id, grain, day, campaign_id, affiliate_id, link_id, currency, clicks, unique_clicks,
                         conversions, revenue, commission, pending_commission, confirmed_commission, paid_commission)
SELECT '00000000-0000-0000-0000-000000000000', 4, s.day, s.campaign_id, s.affiliate_id, s.link_id, s.currency,
       sum(s.clicks), sum(s.unique_clicks), sum(s.conversions), sum(s.revenue), sum(s.commission),
       sum(s.pending_commission), sum(s.confirmed_commission), sum(s.paid_commission)
FROM daily_stats s
WHERE s.grain = 3
GROUP BY s.day, s.campaign_id, s.affiliate_id, s.link_id, s.currency;

-- The host's figures without a brand read the platform grain now, not the brands'.
DROP INDEX daily_stats_platform_idx;
CREATE INDEX daily_stats_platform_idx ON daily_stats (grain, day) WHERE grain IN (1, 4);

CREATE TABLE monthly_stats (
    brand_id             uuid     NOT NULL,
    -- 0 link, 1 campaign, 2 affiliate, 3 brand, 4 platform
    grain                smallint NOT NULL CHECK (grain BETWEEN 0 AND 4),
    month                date     NOT NULL CHECK (extract(day FROM month) = 1),
    campaign_id          uuid     NOT NULL,
    affiliate_id         uuid     NOT NULL,
    link_id              uuid     NOT NULL,
    currency             text     NOT NULL,
    clicks               bigint   NOT NULL,
    unique_clicks        bigint   NOT NULL,
    conversions          bigint   NOT NULL,
    revenue              numeric  NOT NULL,
    commission           numeric  NOT NULL,
    pending_commission   numeric  NOT NULL,
    confirmed_commission numeric  NOT NULL,
    paid_commission      numeric  NOT NULL,
    PRIMARY KEY (brand_id, grain, month, campaign_id, affiliate_id, link_id, currency)
);
-- In key order, so a brand's rows of a month lie together on disk.
INSERT INTO monthly_stats (brand_id, grain, month, campaign_id, affiliate_id, link_id, currency, clicks, unique_clicks,
                           conversions, revenue, commission, pending_commission, confirmed_commission, paid_commission)
SELECT s.brand_id, s.grain, date_trunc('month', s.day::timestamp)::date, s.campaign_id, s.affiliate_id, s.link_id,
       s.currency, sum(s.clicks), sum(s.unique_clicks), sum(s.conversions), sum(s.revenue), sum(s.commission),
       sum(s.pending_commission), sum(s.confirmed_commission), sum(s.paid_commission)
FROM daily_stats s
GROUP BY 1, 2, 3, 4, 5, 6, 7
ORDER BY 1, 2, 3, 4, 5, 6, 7;
-- As daily_stats' own: an affiliate's months, and the platform's across brands.
CREATE INDEX monthly_stats_affiliate_idx ON monthly_stats (affiliate_id, grain, month) WHERE grain IN (0, 2);
CREATE INDEX monthly_stats_platform_idx ON monthly_stats (grain, month) WHERE grain IN (1, 2, 4);

-- Orders waiting for their brand's review (pending or flagged), kept as numbers for the dashboards.
-- As with the rollups, writers only append: a conversion's signed contribution now also adds or
-- takes one from its brand in review_deltas, and the fold sums those into review_counts.
CREATE TABLE review_deltas (
    id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    brand_id uuid   NOT NULL,
    awaiting int    NOT NULL
);
CREATE TABLE review_counts (
    brand_id uuid   PRIMARY KEY,
    awaiting bigint NOT NULL
);

-- As migration 000014's, and the review count.
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
    INSERT INTO review_deltas (brand_id, awaiting)
    SELECT v.brand_id, sign
    WHERE v.status IN ('pending', 'flagged');
$$;

-- As migration 000014's, with the platform grain, the months and the review counts.
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
    ), months AS (
        INSERT INTO monthly_stats AS s (brand_id, grain, month, campaign_id, affiliate_id, link_id, currency, clicks,
                                        unique_clicks, conversions, revenue, commission, pending_commission,
                                        confirmed_commission, paid_commission)
        SELECT g.brand_id, g.grain, date_trunc('month', g.day::timestamp)::date, g.campaign_id, g.affiliate_id,
               g.link_id, g.currency, sum(g.clicks), sum(g.unique_clicks), sum(g.conversions), sum(g.revenue),
               sum(g.commission), sum(g.pending_commission), sum(g.confirmed_commission), sum(g.paid_commission)
        FROM grouped g
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        ORDER BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT (brand_id, grain, month, campaign_id, affiliate_id, link_id, currency) DO UPDATE SET
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
    WITH moved AS (
        DELETE FROM review_deltas RETURNING brand_id, awaiting
    )
    INSERT INTO review_counts AS c (brand_id, awaiting)
    SELECT m.brand_id, sum(m.awaiting) FROM moved m GROUP BY m.brand_id ORDER BY m.brand_id
    ON CONFLICT (brand_id) DO UPDATE SET awaiting = c.awaiting + excluded.awaiting;
    RETURN folded;
END $$;

-- A brand's or an affiliate's newest activity in the order the list shows it, read from the index
-- alone (RecentActivity takes the newest ids first, then their entries).
DROP INDEX activity_log_brand_idx;
CREATE INDEX activity_log_brand_idx ON activity_log (brand_id, created_at DESC, id DESC) WHERE brand_id IS NOT NULL;
DROP INDEX activity_log_affiliate_idx;
CREATE INDEX activity_log_affiliate_idx ON activity_log (affiliate_id, created_at DESC, id DESC) WHERE affiliate_id IS NOT NULL;

-- The review counts of what is stored. Writers of conversions wait meanwhile, so no order is
-- counted twice or missed while the function above replaces migration 000014's.
LOCK TABLE conversions IN SHARE MODE;
INSERT INTO review_counts (brand_id, awaiting)
SELECT v.brand_id, count(*) FROM conversions v WHERE v.status IN ('pending', 'flagged') GROUP BY v.brand_id;
