-- Indexes for an affiliate's dashboard at scale (docs/benchmarks.md, "Analytics and dashboards at
-- scale"): with 10 million clicks the busiest affiliate's dashboard took 3.5 s. It read all 480,000
-- of the affiliate's human clicks to show the newest five, every one of its orders to count code
-- uses, and its rollup rows scattered over the whole daily_stats heap.
--
-- On large existing tables these builds hold off writers for a while (the click buffer and the
-- fold wait and retry; nothing is lost).

-- The newest human clicks of a link first: the recent clicks read five per link. It also serves
-- every lookup clicks_link_idx served (same first column, same predicate), so that one goes.
CREATE INDEX clicks_link_time_idx ON clicks (link_id, clicked_at DESC, id DESC) WHERE NOT is_bot;
DROP INDEX clicks_link_idx;

-- An affiliate's counted orders with what its dashboard needs (code uses, the latest order), read
-- from the index alone.
CREATE INDEX conversions_affiliate_counted_idx ON conversions (affiliate_id, converted_at) INCLUDE (attribution, brand_id)
    WHERE affiliate_id IS NOT NULL AND status NOT IN ('rejected', 'reversed');

-- An affiliate's rollup rows with their figures, so its totals and campaigns are read from the
-- index alone (about 3x the size of the index it replaces; the fold's updates of these rows then
-- update it too).
DROP INDEX daily_stats_affiliate_idx;
CREATE INDEX daily_stats_affiliate_idx ON daily_stats (affiliate_id, grain, day)
    INCLUDE (brand_id, campaign_id, currency, clicks, unique_clicks, conversions, revenue, commission,
             pending_commission, confirmed_commission, paid_commission)
    WHERE grain IN (0, 2);
