-- name: LockOrderID :exec
-- Holds a brand's order id until the transaction ends: the transaction that stores the order and
-- one that applies or keeps a refund of it take turns, so a refund is never kept after its order
-- was stored, nor stored before it without being applied (refund.go).
SELECT pg_advisory_xact_lock(hashtext(concat('order ', @brand_id::uuid)), hashtext(@order_id::text));

-- name: KeepEarlyRefund :exec
-- Keeps a refund or cancellation of an order not received yet.
INSERT INTO early_refunds (brand_id, webhook_id, order_id, amount, cancelled, source, received_at)
VALUES (@brand_id, @webhook_id, @order_id, @amount, @cancelled, @source, @received_at)
ON CONFLICT DO NOTHING;

-- name: TakeEarlyRefunds :many
-- The refunds and cancellations kept for a brand's order, in the order they arrived; taken, so each
-- is applied once.
WITH taken AS (
    DELETE FROM early_refunds WHERE brand_id = @brand_id AND order_id = @order_id RETURNING *
)
SELECT * FROM taken ORDER BY received_at, webhook_id;
