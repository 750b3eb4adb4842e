ALTER TABLE idempotency_keys DROP COLUMN withheld;
ALTER TABLE idempotency_keys RENAME COLUMN body_hmac TO body_sha256;
