DROP INDEX daily_stats_affiliate_idx;
CREATE INDEX daily_stats_affiliate_idx ON daily_stats (affiliate_id, grain, day) WHERE grain IN (0, 2);
DROP INDEX conversions_affiliate_counted_idx;
CREATE INDEX clicks_link_idx ON clicks (link_id) WHERE NOT is_bot;
DROP INDEX clicks_link_time_idx;
