-- name: SetUserLanguage :exec
UPDATE users SET language = @language WHERE id = @id;

-- name: CreateEmailConfirmationToken :exec
INSERT INTO email_confirmation_tokens (token_hash, user_id, email, expires_at)
VALUES (@token_hash, @user_id, @email, @expires_at);

-- name: ConsumeEmailConfirmationToken :one
-- Marks the token used and answers its user, only while unused, unexpired and still for the
-- user's address.
UPDATE email_confirmation_tokens t
SET used_at = @now::timestamptz
FROM users u
WHERE t.token_hash = @token_hash AND t.used_at IS NULL AND t.expires_at > @now
  AND u.id = t.user_id AND lower(u.email) = lower(t.email)
RETURNING t.user_id;

-- name: MarkEmailConfirmed :exec
UPDATE users SET is_verified = true WHERE id = @id;

-- name: DeleteExpiredEmailTokens :execrows
DELETE FROM email_confirmation_tokens WHERE expires_at < @before;

-- name: GetEmailRecipient :one
SELECT u.id, u.email, u.first_name, u.language, u.is_verified, u.disabled_at,
       COALESCE(p.muted, '{}')::text[] AS muted
FROM users u
LEFT JOIN email_preferences p ON p.user_id = u.id
WHERE u.id = @id;

-- name: ListAffiliateEmailRecipients :many
-- The affiliate's users who confirmed their address, are not disabled and did not unsubscribe from kind.
SELECT u.id, u.email, u.first_name, u.language
FROM users u
LEFT JOIN email_preferences p ON p.user_id = u.id
WHERE u.affiliate_id = @affiliate_id::uuid AND u.account_type = 'affiliate' AND u.is_verified
  AND u.disabled_at IS NULL AND NOT (@kind::text = ANY (COALESCE(p.muted, '{}')))
ORDER BY u.created_at;

-- name: ListBrandEmailRecipients :many
SELECT u.id, u.email, u.first_name, u.language
FROM users u
LEFT JOIN email_preferences p ON p.user_id = u.id
WHERE u.brand_id = @brand_id::uuid AND u.account_type = 'brand' AND u.is_verified
  AND u.disabled_at IS NULL AND NOT (@kind::text = ANY (COALESCE(p.muted, '{}')))
ORDER BY u.created_at;

-- name: GetBrandName :one
SELECT company_name FROM brands WHERE id = @id;

-- name: GetEmailPreferences :one
SELECT muted FROM email_preferences WHERE user_id = @user_id;

-- name: SetEmailPreferences :exec
INSERT INTO email_preferences (user_id, muted, updated_at) VALUES (@user_id, @muted, now())
ON CONFLICT (user_id) DO UPDATE SET muted = EXCLUDED.muted, updated_at = EXCLUDED.updated_at;

-- name: MuteEmailKind :exec
INSERT INTO email_preferences (user_id, muted, updated_at) VALUES (@user_id, ARRAY[@kind::text], now())
ON CONFLICT (user_id) DO UPDATE
SET muted = CASE WHEN @kind::text = ANY (email_preferences.muted) THEN email_preferences.muted
                 ELSE array_append(email_preferences.muted, @kind::text) END,
    updated_at = excluded.updated_at;

-- name: ListConfirmedCommissionDigest :many
-- The day's "conversions confirmed" notifications, summed per affiliate, brand and currency.
SELECT n.affiliate_id, n.brand_id, b.company_name AS brand_name,
       COALESCE(n.params->>'currency', '')::text AS currency,
       sum(COALESCE((n.params->>'count')::int, 0))::bigint AS conversions,
       sum(COALESCE((n.params->>'amount')::numeric, 0))::numeric AS commission
FROM notifications n
JOIN brands b ON b.id = n.brand_id
WHERE n.kind = 'conversions_confirmed' AND n.affiliate_id IS NOT NULL
  AND n.created_at >= @day_start AND n.created_at < @day_end
GROUP BY n.affiliate_id, n.brand_id, b.company_name, n.params->>'currency'
ORDER BY n.affiliate_id, b.company_name, currency;
