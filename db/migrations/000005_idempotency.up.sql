-- Idempotency keys: the first answer to a data-changing request, per caller and key, replayed for
-- repeats within 24 hours. A row without a response is a claim: its request is running now.
-- caller_id is a user's id or, for calls made with a brand API key, the key's id (both are UUIDs,
-- so one column holds either without a foreign key).
CREATE TABLE idempotency_keys (
    caller_id             uuid NOT NULL,
    key                   text NOT NULL CHECK (key ~ '^[ -~]{1,255}$'),
    method                text NOT NULL,
    path                  text NOT NULL,
    body_sha256           bytea NOT NULL,
    claim_id              uuid NOT NULL,
    locked_until          timestamptz NOT NULL,
    response_status       integer,
    response_content_type text,
    response_body         bytea,
    created_at            timestamptz NOT NULL,
    PRIMARY KEY (caller_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
