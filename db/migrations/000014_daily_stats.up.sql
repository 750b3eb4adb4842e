-- Per-day rollups of clicks and conversions, so dashboards and analytics read a few hundred rows
-- instead of millions of raw ones.
--
-- Writers never touch the rollups: triggers on clicks and conversions append signed deltas to
-- stats_deltas (insert-only, so concurrent orders never wait on a shared counter row), and
-- fold_daily_stats(), run every second by the server, moves them into daily_stats in one statement.
-- daily_stats keeps four grains of the same figures (GROUPING SETS): per link, per campaign, per
-- affiliate and per brand; dimensions a grain does not have hold the zero uuid.
--
-- Definitions (docs/analytics.md): days are UTC dates of clicked_at and converted_at; clicks exclude
-- known bots; unique clicks count the IP hashes that clicked a link in a day; conversions are
-- the attributed ones that are not rejected or reversed; revenue is the order total less refunds,
-- in the commission's currency at the rate the conversion kept; amounts stay in that currency
-- ('' on click rows) and are converted to a display currency when read.

CREATE TABLE stats_deltas (
    id                   bigint GENERATED ALWAYS AS IDENTITY,
    brand_id             uuid    NOT NULL,
    day                  date    NOT NULL,
    campaign_id          uuid    NOT NULL,
    affiliate_id         uuid    NOT NULL,
    link_id              uuid    NOT NULL,
    currency             text    NOT NULL,
    clicks               bigint  NOT NULL DEFAULT 0,
    unique_clicks        bigint  NOT NULL DEFAULT 0,
    conversions          bigint  NOT NULL DEFAULT 0,
    revenue              numeric NOT NULL DEFAULT 0,
    commission           numeric NOT NULL DEFAULT 0,
    pending_commission   numeric NOT NULL DEFAULT 0,
    confirmed_commission numeric NOT NULL DEFAULT 0,
    paid_commission      numeric NOT NULL DEFAULT 0,
    PRIMARY KEY (brand_id, id)
);

CREATE TABLE daily_stats (
    brand_id             uuid     NOT NULL,
    -- 0 link, 1 campaign, 2 affiliate, 3 brand
    grain                smallint NOT NULL CHECK (grain BETWEEN 0 AND 3),
    day                  date     NOT NULL,
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
    PRIMARY KEY (brand_id, grain, day, campaign_id, affiliate_id, link_id, currency)
);
-- An affiliate's figures across brands, and the platform's across brands and campaigns.
CREATE INDEX daily_stats_affiliate_idx ON daily_stats (affiliate_id, grain, day) WHERE grain IN (0, 2);
CREATE INDEX daily_stats_platform_idx ON daily_stats (grain, day) WHERE grain IN (1, 3);

-- Finds earlier clicks of a visitor on a link: unique clicks here, click bursts in the fraud rules.
CREATE INDEX clicks_link_ip_time_idx ON clicks (link_id, ip_hash, clicked_at) WHERE NOT is_bot;

-- A conversion's contribution, signed: +1 for a row as it is now, -1 for a row as it was.
CREATE FUNCTION conversion_stats_delta(v conversions, sign int) RETURNS void LANGUAGE sql AS $$
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

CREATE FUNCTION conversions_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
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
        PERFORM conversion_stats_delta(OLD, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM conversion_stats_delta(NEW, 1);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER conversions_stats AFTER INSERT OR UPDATE OR DELETE ON conversions
    FOR EACH ROW EXECUTE FUNCTION conversions_stats_trigger();

-- Clicks arrive in batches (COPY) and leave a whole link at a time, so one delta per link and day.
-- A visitor's click is unique when no click of that IP hash on that link that day was stored
-- before this statement; so the count does not depend on the order clicks arrive in.
CREATE FUNCTION clicks_inserted_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, clicks, unique_clicks)
    SELECT g.brand_id, g.day, g.campaign_id, g.affiliate_id, g.link_id, '', sum(g.clicks), count(*) FILTER (WHERE NOT g.seen)
    FROM (
        SELECT n.brand_id, d.day, n.campaign_id, n.affiliate_id, n.link_id, count(*) AS clicks,
               EXISTS (SELECT 1 FROM clicks c
                       WHERE c.link_id = n.link_id AND c.ip_hash = n.ip_hash AND NOT c.is_bot
                         AND c.clicked_at >= d.day::timestamp AT TIME ZONE 'UTC'
                         AND c.clicked_at < (d.day + 1)::timestamp AT TIME ZONE 'UTC'
                         AND c.id NOT IN (SELECT x.id FROM new_clicks x)) AS seen
        FROM new_clicks n, LATERAL (SELECT (n.clicked_at AT TIME ZONE 'UTC')::date AS day) d
        WHERE NOT n.is_bot
        GROUP BY n.brand_id, d.day, n.campaign_id, n.affiliate_id, n.link_id, n.ip_hash
    ) g
    GROUP BY g.brand_id, g.day, g.campaign_id, g.affiliate_id, g.link_id;
    RETURN NULL;
END $$;
CREATE TRIGGER clicks_inserted_stats AFTER INSERT ON clicks
    REFERENCING NEW TABLE AS new_clicks FOR EACH STATEMENT EXECUTE FUNCTION clicks_inserted_stats();

CREATE FUNCTION clicks_deleted_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, clicks, unique_clicks)
    SELECT o.brand_id, (o.clicked_at AT TIME ZONE 'UTC')::date, o.campaign_id, o.affiliate_id, o.link_id, '',
           -count(*), -count(DISTINCT o.ip_hash)
    FROM old_clicks o
    WHERE NOT o.is_bot
    GROUP BY 1, 2, 3, 4, 5;
    RETURN NULL;
END $$;
CREATE TRIGGER clicks_deleted_stats AFTER DELETE ON clicks
    REFERENCING OLD TABLE AS old_clicks FOR EACH STATEMENT EXECUTE FUNCTION clicks_deleted_stats();

-- Moves the waiting deltas into daily_stats; one process at a time (the others return 0 at once).
-- Returns how many deltas it folded.
CREATE FUNCTION fold_daily_stats() RETURNS bigint LANGUAGE plpgsql AS $$
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

-- The rollups of what is already stored.
INSERT INTO stats_deltas (brand_id, day, campaign_id, affiliate_id, link_id, currency, clicks, unique_clicks)
SELECT brand_id, (clicked_at AT TIME ZONE 'UTC')::date, campaign_id, affiliate_id, link_id, '',
       count(*), count(DISTINCT ip_hash)
FROM clicks WHERE NOT is_bot
GROUP BY 1, 2, 3, 4, 5;
SELECT conversion_stats_delta(v, 1) FROM conversions v;
SELECT fold_daily_stats();

-- Activity entries carry whose they are, so a brand or an affiliate reads its own.
ALTER TABLE activity_log ADD COLUMN brand_id uuid, ADD COLUMN affiliate_id uuid;
CREATE INDEX activity_log_brand_idx ON activity_log (brand_id, created_at DESC) WHERE brand_id IS NOT NULL;
CREATE INDEX activity_log_affiliate_idx ON activity_log (affiliate_id, created_at DESC) WHERE affiliate_id IS NOT NULL;

-- What waits for a brand's review, counted on every dashboard.
CREATE INDEX conversions_review_idx ON conversions (brand_id) WHERE status IN ('pending', 'flagged');
