DROP INDEX clicks_link_time_idx;
CREATE INDEX clicks_link_time_idx ON clicks (link_id, clicked_at DESC, id DESC) WHERE NOT is_bot;
DROP INDEX clicks_link_bot_idx;
CREATE INDEX clicks_link_bot_idx ON clicks (link_id) WHERE is_bot;

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
        PERFORM conversion_stats_delta(OLD, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        PERFORM conversion_stats_delta(NEW, 1);
    END IF;
    RETURN NULL;
END $$;
DROP FUNCTION conversion_stats_delta(uuid, timestamptz, uuid, uuid, uuid, text, text, numeric, numeric, numeric, numeric, int);

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

CREATE FUNCTION tracking_links_short_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM short_codes WHERE code = OLD.short_code;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO short_codes (code, link_id, brand_id) VALUES (NEW.short_code, NEW.id, NEW.brand_id);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER tracking_links_short_code AFTER INSERT OR DELETE OR UPDATE OF short_code, id, brand_id ON tracking_links
    FOR EACH ROW EXECUTE FUNCTION tracking_links_short_code();

ALTER TABLE conversions
    DROP CONSTRAINT conversions_campaign_id_fkey,
    ADD CONSTRAINT conversions_campaign_id_fkey FOREIGN KEY (campaign_id, brand_id) REFERENCES campaigns (id, brand_id) ON DELETE SET NULL (campaign_id),
    DROP CONSTRAINT conversions_discount_code_id_fkey,
    ADD CONSTRAINT conversions_discount_code_id_fkey FOREIGN KEY (discount_code_id, brand_id) REFERENCES discount_codes (id, brand_id) ON DELETE SET NULL (discount_code_id),
    DROP CONSTRAINT conversions_payout_id_fkey,
    ADD CONSTRAINT conversions_payout_id_fkey FOREIGN KEY (payout_id, brand_id) REFERENCES payouts (id, brand_id) ON DELETE SET NULL (payout_id);
