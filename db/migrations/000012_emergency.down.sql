ALTER TABLE campaigns DROP COLUMN IF EXISTS emergency_paused;
DROP TABLE IF EXISTS platform_state;
