DROP TABLE affiliate_invites;

CREATE TABLE login_failures (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email      text NOT NULL,
    ip_hash    text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email_idx ON login_failures (lower(email), created_at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip_hash, created_at);

DROP TABLE rate_limit_hits;

ALTER TABLE users
    DROP COLUMN session_generation,
    DROP COLUMN disabled_at;
