DROP TABLE subscriptions;
ALTER TABLE conversions DROP COLUMN commission_note;
ALTER TABLE conversions DROP COLUMN subscription_id;
ALTER TABLE conversions DROP COLUMN kind;
ALTER TABLE campaigns DROP COLUMN recurring_limit;
ALTER TABLE campaigns DROP COLUMN recurring;
