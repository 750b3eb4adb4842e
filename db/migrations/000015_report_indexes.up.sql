-- The CSV reports read a range in key order, page by page, each page starting where the last one
-- stopped: these indexes hold that order, so a download reads its range once whatever its size.
CREATE INDEX conversions_converted_idx ON conversions (converted_at, id);
CREATE INDEX daily_stats_link_day_idx ON daily_stats (day, campaign_id, affiliate_id, link_id) WHERE grain = 0;

-- A time as the CSV exports write it: RFC 3339 in UTC, '' for none.
CREATE FUNCTION csv_time(t timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '') $$;
