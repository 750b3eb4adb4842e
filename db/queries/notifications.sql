-- name: Notify :many
-- Creates a notification for an affiliate, unless the affiliate muted its kind; the brand's name
-- joins its parameters. Answers the row made (none when muted), for its mail.
INSERT INTO notifications (affiliate_id, brand_id, kind, params, entity_type, entity_id)
SELECT @affiliate_id::uuid, sqlc.narg(brand_id), @kind,
       @params::jsonb || coalesce((SELECT jsonb_build_object('brand_name', b.company_name) FROM brands b WHERE b.id = sqlc.narg(brand_id)), '{}'::jsonb),
       @entity_type, @entity_id
WHERE NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.affiliate_id = @affiliate_id::uuid AND @kind::text = ANY (p.muted))
RETURNING id, params;

-- name: NotifyBrand :many
-- Creates a notification for a brand (no affiliate); the brand's name joins its parameters.
INSERT INTO notifications (brand_id, kind, params, entity_type, entity_id)
SELECT b.id, @kind, @params::jsonb || jsonb_build_object('brand_name', b.company_name), @entity_type, @entity_id
FROM brands b WHERE b.id = @brand_id
RETURNING id, params;

-- name: ListNotifications :many
-- A recipient is an affiliate (affiliate_id, brand_recipient nil) or a brand (brand_recipient, affiliate_id nil).
SELECT n.*, count(*) OVER () AS total
FROM notifications n
WHERE (n.affiliate_id = @affiliate_id::uuid OR (n.affiliate_id IS NULL AND n.brand_id = @brand_recipient::uuid)) AND (NOT @unread_only::bool OR n.read_at IS NULL)
ORDER BY n.created_at DESC, n.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: CountNotifications :one
SELECT count(*)::int FROM notifications WHERE (affiliate_id = @affiliate_id::uuid OR (affiliate_id IS NULL AND brand_id = @brand_recipient::uuid)) AND (NOT @unread_only::bool OR read_at IS NULL);

-- name: CountUnreadNotifications :one
SELECT count(*)::int FROM notifications WHERE (affiliate_id = @affiliate_id::uuid OR (affiliate_id IS NULL AND brand_id = @brand_recipient::uuid)) AND read_at IS NULL;

-- name: CountOwnNotifications :one
SELECT count(*)::int FROM notifications WHERE (affiliate_id = @affiliate_id::uuid OR (affiliate_id IS NULL AND brand_id = @brand_recipient::uuid)) AND id = ANY (@ids::uuid[]);

-- name: MarkNotificationsRead :exec
UPDATE notifications SET read_at = now()
WHERE (affiliate_id = @affiliate_id::uuid OR (affiliate_id IS NULL AND brand_id = @brand_recipient::uuid)) AND read_at IS NULL AND (@every::bool OR id = ANY (@ids::uuid[]));

-- name: GetNotificationPreferences :one
SELECT muted FROM notification_preferences WHERE affiliate_id = @affiliate_id::uuid;

-- name: SetNotificationPreferences :exec
INSERT INTO notification_preferences (affiliate_id, muted, updated_at) VALUES (@affiliate_id::uuid, @muted, now())
ON CONFLICT (affiliate_id) DO UPDATE SET muted = excluded.muted, updated_at = excluded.updated_at;
