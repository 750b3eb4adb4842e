-- name: BrandForStripe :one
-- A brand by its public id, with the signing secret of its Stripe endpoint.
SELECT id, stripe_secret FROM brands WHERE public_id = @public_id;

-- name: BrandStripeByID :one
SELECT public_id, stripe_secret FROM brands WHERE id = @id;

-- name: SetStripeSecret :execrows
UPDATE brands SET stripe_secret = @stripe_secret WHERE id = @id;

-- name: LockStripePayment :one
-- A brand's Stripe payment, made when it is first named, locked until the transaction ends.
INSERT INTO stripe_payments (brand_id, payment_id) VALUES (@brand_id, @payment_id)
ON CONFLICT (brand_id, payment_id) DO UPDATE SET payment_id = EXCLUDED.payment_id
RETURNING *;

-- name: SaveStripePayment :exec
UPDATE stripe_payments
SET order_id = @order_id, currency = @currency, refunded = @refunded, applied = @applied,
    dispute = @dispute, held = @held, released = @released, lost_applied = @lost_applied
WHERE brand_id = @brand_id AND payment_id = @payment_id;

-- name: LockStripeSubscription :one
-- A brand's Stripe subscription, made when it is first named, locked until the transaction ends.
INSERT INTO stripe_subscriptions (brand_id, subscription_id) VALUES (@brand_id, @subscription_id)
ON CONFLICT (brand_id, subscription_id) DO UPDATE SET subscription_id = EXCLUDED.subscription_id
RETURNING *;

-- name: SaveStripeSubscription :exec
UPDATE stripe_subscriptions
SET checkout_seen = @checkout_seen, click_id = @click_id, customer_id = @customer_id, held_invoice = @held_invoice
WHERE brand_id = @brand_id AND subscription_id = @subscription_id;

-- name: ReleaseStripeInvoice :exec
-- Forgets a held first invoice once it is stored.
UPDATE stripe_subscriptions SET held_invoice = NULL
WHERE brand_id = @brand_id AND subscription_id = @subscription_id;

-- name: StripeEventTaken :one
-- Whether a brand's Stripe event (its claim key) was taken before.
SELECT EXISTS (SELECT 1 FROM shopify_webhooks WHERE brand_id = @brand_id AND webhook_id = @webhook_id);

-- name: StripePaymentsOfOrder :many
-- The payments known to have paid a brand's order.
SELECT payment_id, currency FROM stripe_payments WHERE brand_id = @brand_id AND order_id = @order_id ORDER BY payment_id;
