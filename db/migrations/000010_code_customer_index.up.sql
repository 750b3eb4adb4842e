-- A discount code's uses by one customer (its per-customer limit) are counted for every order with
-- the code: an index keeps that a lookup, not a scan of all the code's conversions.
CREATE INDEX conversions_code_customer_idx ON conversions (discount_code_id, lower(customer_email))
    WHERE discount_code_id IS NOT NULL;
