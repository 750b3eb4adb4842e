-- Email (docs/product.md § Email): each user's language for the mail it receives, the address
-- confirmation tokens, and which kinds of mail an affiliate or brand user does not want.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'ro' CHECK (language IN ('ro', 'en'));

-- One-time tokens of the "confirm your email address" mails, stored as hashes like the password
-- reset tokens; email is the address the token proves, so a token for an old address proves nothing.
CREATE TABLE email_confirmation_tokens (
    token_hash bytea PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_confirmation_tokens_user_idx ON email_confirmation_tokens (user_id);

-- Kinds of mail a user unsubscribed from (notification kinds, or commission_digest); the in-app
-- notifications are muted separately (notification_preferences.muted).
CREATE TABLE email_preferences (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    muted text[] NOT NULL DEFAULT '{}',
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- A new payout is news to its affiliate too (in the app and by mail).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('application_approved', 'application_rejected',
    'conversions_confirmed', 'conversions_rejected', 'conversion_reversed', 'payout_created', 'payout_paid', 'campaign_invited',
    'tracking_domain_unverified'));
