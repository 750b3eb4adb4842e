-- Issue 19, point 6. The entry logged when a conversion is recorded belongs to its brand and
-- affiliate (RecordConversion wrote it without them, so no brand's feed showed its own orders).
UPDATE activity_log a SET brand_id = v.brand_id, affiliate_id = v.affiliate_id
FROM conversions v
WHERE a.action = 'conversion.recorded' AND a.entity_type = 'conversion' AND a.brand_id IS NULL
  AND a.entity_id = v.id::text;

-- A stored request body is kept only as an HMAC keyed with a secret derived from JWT_SECRET, so a
-- body that held a password cannot be found from its hash offline. Rows stored before hold plain
-- SHA-256 hashes: a repeat of one answers 409 until it expires (within 24 hours), never runs twice.
ALTER TABLE idempotency_keys RENAME COLUMN body_sha256 TO body_hmac;
-- An answer holding a credential is never kept, but its key stays taken by its request.
ALTER TABLE idempotency_keys ADD COLUMN withheld boolean NOT NULL DEFAULT false;
