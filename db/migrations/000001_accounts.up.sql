-- Accounts, brands, affiliates, sessions, currency rates and the activity log.
CREATE TABLE brands (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    public_id        text NOT NULL UNIQUE CHECK (public_id ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$'),
    company_name     text NOT NULL,
    domain           text,
    webhook_secret   text NOT NULL,
    default_currency text NOT NULL DEFAULT 'RON',
    created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE affiliates (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name       text NOT NULL,
    email      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX affiliates_email_key ON affiliates (lower(email));

CREATE TABLE users (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email         text NOT NULL,
    password_hash text NOT NULL,
    first_name    text NOT NULL,
    last_name     text NOT NULL,
    company_name  text,
    account_type  text NOT NULL CHECK (account_type IN ('brand', 'affiliate', 'host')),
    is_verified   boolean NOT NULL DEFAULT false,
    brand_id      uuid REFERENCES brands (id) ON DELETE CASCADE,
    affiliate_id  uuid REFERENCES affiliates (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK ((account_type = 'brand') = (brand_id IS NOT NULL))
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_affiliate_key ON users (affiliate_id) WHERE affiliate_id IS NOT NULL;

-- Logged-out tokens, by JWT id, kept until they would have expired anyway.
CREATE TABLE revoked_tokens (
    jti        uuid PRIMARY KEY,
    expires_at timestamptz NOT NULL
);

CREATE TABLE password_reset_tokens (
    token_hash bytea PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins, for rate limiting across every server process.
CREATE TABLE login_failures (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email      text NOT NULL,
    ip_hash    text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email_idx ON login_failures (lower(email), created_at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip_hash, created_at);

-- Units of each currency that one leu buys (RON is the base).
CREATE TABLE currency_rates (
    currency   text PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
    rate       numeric(20, 10) NOT NULL CHECK (rate > 0),
    updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO currency_rates (currency, rate) VALUES
    ('RON', 1),
    ('EUR', 0.2010),
    ('USD', 0.2180);

CREATE TABLE activity_log (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    actor_id    uuid REFERENCES users (id) ON DELETE SET NULL,
    action      text NOT NULL,
    entity_type text NOT NULL,
    entity_id   text NOT NULL,
    details     jsonb NOT NULL DEFAULT '{}',
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_log_created_idx ON activity_log (created_at DESC);
