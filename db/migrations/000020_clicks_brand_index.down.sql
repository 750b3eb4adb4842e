CREATE INDEX IF NOT EXISTS clicks_brand_time_idx ON clicks (brand_id, clicked_at DESC);
