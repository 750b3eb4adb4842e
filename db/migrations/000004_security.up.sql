-- Security hardening: disabled accounts, session generations, one attempt log for every rate
-- limit, and invitations that let a person claim an affiliate record the host created.

-- disabled_at: the account may not sign in and its tokens answer 401 (dev mode's demo accounts
-- when dev mode is off). session_generation: every token carries the value it was issued under;
-- a password change or reset increments it, so older tokens stop working.
ALTER TABLE users
    ADD COLUMN disabled_at        timestamptz,
    ADD COLUMN session_generation integer NOT NULL DEFAULT 0;

-- Attempts the rate limits count (sign-in per email and per address, sign-up and password reset
-- per address), for every server process. key is a lower-cased email or a salted address hash.
CREATE TABLE rate_limit_hits (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    action     text NOT NULL,
    key        text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_key_idx ON rate_limit_hits (action, key, created_at);
CREATE INDEX rate_limit_hits_created_idx ON rate_limit_hits (created_at);

-- Only the last 15 minutes of failures were ever kept: nothing worth moving.
DROP TABLE login_failures;

-- One-time links a host sends to the person behind an affiliate record it created; signing up
-- through one links the new user to that record. Only the token's hash is stored.
CREATE TABLE affiliate_invites (
    token_hash   bytea PRIMARY KEY,
    affiliate_id uuid NOT NULL REFERENCES affiliates (id) ON DELETE CASCADE,
    created_by   uuid REFERENCES users (id) ON DELETE SET NULL,
    expires_at   timestamptz NOT NULL,
    used_at      timestamptz,
    created_at   timestamptz NOT NULL
);
CREATE INDEX affiliate_invites_affiliate_idx ON affiliate_invites (affiliate_id);
