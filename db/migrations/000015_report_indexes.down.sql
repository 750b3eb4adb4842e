DROP FUNCTION IF EXISTS csv_time(timestamptz);
DROP INDEX IF EXISTS daily_stats_link_day_idx;
DROP INDEX IF EXISTS conversions_converted_idx;
