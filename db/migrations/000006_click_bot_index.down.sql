DROP INDEX IF EXISTS clicks_link_bot_idx;
