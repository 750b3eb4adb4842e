-- Tracking pages count a link's bot clicks beside its human ones: a partial index for each.
CREATE INDEX clicks_link_bot_idx ON clicks (link_id) WHERE is_bot;
