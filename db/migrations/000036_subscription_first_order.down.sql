ALTER TABLE subscriptions DROP COLUMN first_order_id;
