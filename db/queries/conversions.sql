-- name: RecordConversion :one
-- Stores the first copy of an order in one statement: the conversion and its code's use, answered
-- with the names its views show and the other brands that hold this order id with another total
-- (the caller logs the activity through server/domain/activity: the host alone is told of those). A
-- repeat (even one racing this one) stores nothing and answers no row; the caller then reads the
-- stored one. Another brand's orders never change the conversion nor the answer.
WITH ins AS (
    INSERT INTO conversions (brand_id, order_id, order_total, currency, customer_email, converted_at, source,
                             attribution, click_id, link_id, discount_code, discount_code_id, campaign_id, affiliate_id,
                             commission_currency, exchange_rate, commission_amount, original_commission, status, flag_reason,
                             kind, subscription_id, commission_note)
    VALUES (@brand_id, @order_id, @order_total, @currency, @customer_email, @converted_at, @source,
            @attribution, sqlc.narg(click_id), sqlc.narg(link_id), @discount_code, sqlc.narg(discount_code_id),
            sqlc.narg(campaign_id), sqlc.narg(affiliate_id), @commission_currency, @exchange_rate, @commission_amount,
            @commission_amount, @status, @flag_reason, @kind, @subscription_id, @commission_note)
    ON CONFLICT (brand_id, order_id) DO NOTHING
    RETURNING *
), used AS (
    UPDATE discount_codes d SET current_usage_count = d.current_usage_count + 1
    WHERE d.id = sqlc.narg(count_code_id) AND d.brand_id = @brand_id AND EXISTS (SELECT 1 FROM ins)
)
SELECT v.*, b.company_name AS brand_name, coalesce(c.name, '')::text AS campaign_name,
       coalesce(a.name, '')::text AS affiliate_name, coalesce(l.short_code, '')::text AS link_code,
       coalesce((SELECT array_agg(DISTINCT o.brand_id ORDER BY o.brand_id) FROM conversions o
                 WHERE o.order_id = @order_id AND o.brand_id <> @brand_id AND o.order_total <> @order_total),
                '{}')::uuid[] AS other_brand_ids
FROM ins v
JOIN brands b ON b.id = v.brand_id
LEFT JOIN campaigns c ON c.id = v.campaign_id AND c.brand_id = v.brand_id
LEFT JOIN affiliates a ON a.id = v.affiliate_id
LEFT JOIN tracking_links l ON l.id = v.link_id AND l.brand_id = v.brand_id;

-- name: GetConversionByOrder :one
-- The stored conversion of a brand's order, with the names its views show.
SELECT sqlc.embed(v), coalesce(c.name, '')::text AS campaign_name, coalesce(a.name, '')::text AS affiliate_name,
       b.company_name AS brand_name, coalesce(l.short_code, '')::text AS link_code
FROM conversions v
JOIN brands b ON b.id = v.brand_id
LEFT JOIN campaigns c ON c.id = v.campaign_id AND c.brand_id = v.brand_id
LEFT JOIN affiliates a ON a.id = v.affiliate_id
LEFT JOIN tracking_links l ON l.id = v.link_id AND l.brand_id = v.brand_id
WHERE v.brand_id = @brand_id AND v.order_id = @order_id;

-- name: GetConversionsByOrders :many
-- Which orders of a group received together are already stored: one read of conversions alone, by
-- its (brand_id, order_id) key, so PostgreSQL plans it once and keeps the plan (with the names'
-- joins it planned the read again for every group, 0.4 ms, most of the read's cost); the few repeats
-- it finds are then read with their names. With more than one brand it may answer a pair that was
-- not asked (one brand's id with another's order id); the caller keeps the pairs it asked for.
SELECT v.brand_id, v.order_id FROM conversions v
WHERE v.brand_id = ANY (@brand_ids::uuid[]) AND v.order_id = ANY (@order_ids::text[]);

-- name: GetConversion :one
-- One conversion with the names its views show; brand_id or affiliate_id narrows it to a tenant.
SELECT sqlc.embed(v), coalesce(c.name, '')::text AS campaign_name, coalesce(a.name, '')::text AS affiliate_name,
       b.company_name AS brand_name, coalesce(l.short_code, '')::text AS link_code
FROM conversions v
JOIN brands b ON b.id = v.brand_id
LEFT JOIN campaigns c ON c.id = v.campaign_id AND c.brand_id = v.brand_id
LEFT JOIN affiliates a ON a.id = v.affiliate_id
LEFT JOIN tracking_links l ON l.id = v.link_id AND l.brand_id = v.brand_id
WHERE v.id = @id
  AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR v.affiliate_id = sqlc.narg(affiliate_id));

-- name: ClickForAttribution :one
-- A click with what attributing an order to it needs: its campaign's rule and window, whether its
-- affiliate is still approved in the campaign (a rejected or removed affiliate stops earning), and
-- how many clicks its address made on its link in the minute up to it (the burst rule).
SELECT k.id, k.clicked_at, k.link_id, k.brand_id, k.affiliate_id, k.is_bot,
       sqlc.embed(c), a.email AS affiliate_email,
       EXISTS (SELECT 1 FROM campaign_memberships m
               WHERE m.campaign_id = k.campaign_id AND m.affiliate_id = k.affiliate_id AND m.brand_id = k.brand_id
                 AND m.status = 'approved') AS earning,
       (SELECT count(*) FROM clicks x
        WHERE x.link_id = k.link_id AND x.ip_hash = k.ip_hash AND x.brand_id = k.brand_id
          AND x.clicked_at > k.clicked_at - interval '1 minute' AND x.clicked_at <= k.clicked_at)::int AS recent_clicks
FROM clicks k
JOIN campaigns c ON c.id = k.campaign_id AND c.brand_id = k.brand_id
JOIN affiliates a ON a.id = k.affiliate_id
WHERE k.id = @id;

-- name: LinkForAttribution :one
-- A tracking link with what attributing an order to one of its clicks needs, for a signed click id
-- whose row is not stored (package clickid): its campaign's rule and window, and whether its
-- affiliate is still approved in the campaign.
SELECT l.id, l.brand_id, l.affiliate_id, sqlc.embed(c), a.email AS affiliate_email,
       EXISTS (SELECT 1 FROM campaign_memberships m
               WHERE m.campaign_id = l.campaign_id AND m.affiliate_id = l.affiliate_id AND m.brand_id = l.brand_id
                 AND m.status = 'approved') AS earning
FROM tracking_links l
JOIN campaigns c ON c.id = l.campaign_id AND c.brand_id = l.brand_id
JOIN affiliates a ON a.id = l.affiliate_id
WHERE l.id = @id;

-- name: CodeForAttribution :one
-- A brand's discount code by its text (case-insensitive), with its campaign and its affiliate's standing.
-- Every table is read by the brand given, so under Citus the query and its lock stay on one shard.
SELECT sqlc.embed(d), sqlc.embed(c), a.email AS affiliate_email,
       EXISTS (SELECT 1 FROM campaign_memberships m
               WHERE m.campaign_id = d.campaign_id AND m.affiliate_id = d.affiliate_id AND m.brand_id = @brand_id
                 AND m.status = 'approved') AS earning,
       (SELECT count(*) FROM conversions v
        WHERE v.discount_code_id = d.id AND v.brand_id = @brand_id AND v.status <> 'rejected' AND @customer_email::text <> ''
          AND lower(v.customer_email) = lower(@customer_email::text))::int AS customer_uses
FROM discount_codes d
JOIN campaigns c ON c.id = d.campaign_id AND c.brand_id = @brand_id
JOIN affiliates a ON a.id = d.affiliate_id
WHERE d.brand_id = @brand_id AND lower(d.code) = lower(@code::text)
FOR UPDATE OF d;

-- name: TakeShopifyWebhook :one
-- Claims a webhook delivery; false when it was already taken.
WITH taken AS (
    INSERT INTO shopify_webhooks (brand_id, webhook_id, topic) VALUES (@brand_id, @webhook_id, @topic)
    ON CONFLICT DO NOTHING RETURNING 1
)
SELECT EXISTS (SELECT 1 FROM taken);

-- name: ListConversions :many
-- A page of conversions; brand_id or affiliate_id narrows them to one tenant, the other arguments
-- filter, and sort with descending orders them (created_at, order_total or commission_amount).
-- since and before bound the order's time (converted_at), as the analytics place it in a day;
-- counted is how many of the matching rows the analytics count (attributed, neither rejected nor
-- reversed), so a page can say what the dashboard's figure leaves out.
SELECT sqlc.embed(v), coalesce(c.name, '')::text AS campaign_name, coalesce(a.name, '')::text AS affiliate_name,
       b.company_name AS brand_name, coalesce(l.short_code, '')::text AS link_code,
       count(*) OVER () AS total,
       count(*) FILTER (WHERE v.affiliate_id IS NOT NULL AND v.status NOT IN ('rejected', 'reversed')) OVER () AS counted
FROM conversions v
JOIN brands b ON b.id = v.brand_id
LEFT JOIN campaigns c ON c.id = v.campaign_id AND c.brand_id = v.brand_id
LEFT JOIN affiliates a ON a.id = v.affiliate_id
LEFT JOIN tracking_links l ON l.id = v.link_id AND l.brand_id = v.brand_id
WHERE (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR v.affiliate_id = sqlc.narg(affiliate_id))
  AND (sqlc.narg(status)::text IS NULL OR v.status = sqlc.narg(status))
  AND (sqlc.narg(campaign_filter)::uuid IS NULL OR v.campaign_id = sqlc.narg(campaign_filter))
  AND (sqlc.narg(affiliate_filter)::uuid IS NULL OR v.affiliate_id = sqlc.narg(affiliate_filter))
  AND (sqlc.narg(since)::timestamptz IS NULL OR v.converted_at >= sqlc.narg(since))
  AND (sqlc.narg(before)::timestamptz IS NULL OR v.converted_at < sqlc.narg(before))
  -- An affiliate is shown customers' emails masked, so its search does not match them either.
  AND (v.order_id ILIKE @pattern OR (sqlc.narg(affiliate_id)::uuid IS NULL AND v.customer_email ILIKE @pattern)
       OR coalesce(v.affiliate_id::text, '') ILIKE @pattern OR v.id::text ILIKE @pattern)
ORDER BY
  CASE WHEN @sort::text = 'order_total' AND @descending::bool THEN v.order_total END DESC,
  CASE WHEN @sort::text = 'order_total' AND NOT @descending::bool THEN v.order_total END ASC,
  CASE WHEN @sort::text = 'commission_amount' AND @descending::bool THEN v.commission_amount END DESC,
  CASE WHEN @sort::text = 'commission_amount' AND NOT @descending::bool THEN v.commission_amount END ASC,
  CASE WHEN @descending::bool THEN v.created_at END DESC,
  CASE WHEN NOT @descending::bool THEN v.created_at END ASC,
  v.id
LIMIT @max_rows OFFSET @skip_rows;

-- name: BrandForWebhook :one
-- A brand by its public id, with the secret its webhooks are signed with.
SELECT id, webhook_secret FROM brands WHERE public_id = @public_id;

-- name: LockConversionByOrder :one
SELECT * FROM conversions WHERE brand_id = @brand_id AND order_id = @order_id FOR UPDATE;

-- name: SetConversionRefund :exec
UPDATE conversions
SET refunded_amount = @refunded_amount, reversed_amount = reversed_amount + (commission_amount - @commission_amount),
    commission_amount = @commission_amount, status = @status, updated_at = now()
WHERE id = @id;

-- name: AddCampaignSpent :exec
-- Without a budget nothing bounds spent, so it stops at the most its column holds (numeric(14, 2))
-- instead of failing the confirmation; with one it never passes the budget.
UPDATE campaigns SET spent = LEAST(spent + @delta, 999999999999.99) WHERE id = @id AND brand_id = @brand_id;

-- name: ConversionBrand :one
-- The brand of a conversion, for a caller that may see every brand's (the host, the jobs): the
-- locks below name the brand, so under Citus each locks one shard's row.
SELECT brand_id FROM conversions WHERE id = @id;

-- name: LockConversion :one
-- A conversion of a brand, locked for a change.
SELECT * FROM conversions WHERE id = @id AND brand_id = @brand_id FOR UPDATE;

-- name: SetConversionDecision :exec
UPDATE conversions
SET status = @status, commission_amount = @commission_amount, decided_at = @decided_at, updated_at = now(),
    reversed_amount = reversed_amount + CASE WHEN @status::text = 'reversed' THEN commission_amount - @commission_amount ELSE 0 END
WHERE id = @id;

-- name: LockCampaignBudget :one
SELECT budget, spent FROM campaigns WHERE id = @id AND brand_id = @brand_id FOR UPDATE;

-- name: DeleteConversion :exec
DELETE FROM conversions WHERE id = @id;

-- name: UncountCodeUse :exec
UPDATE discount_codes SET current_usage_count = greatest(current_usage_count - 1, 0) WHERE id = @id;

-- name: HeldConversions :many
-- Pending conversions whose campaign's holding period has passed, oldest first. Not locked here
-- (Citus locks no rows across shards): the job locks each by its brand and skips one that is no
-- longer pending.
SELECT v.id, v.brand_id FROM conversions v
JOIN campaigns c ON c.id = v.campaign_id AND c.brand_id = v.brand_id
WHERE v.status = 'pending' AND c.holding_days IS NOT NULL
  AND v.created_at <= sqlc.arg(now)::timestamptz - c.holding_days * interval '1 day'
ORDER BY v.created_at
LIMIT @max_rows;

-- name: EarningsByCurrency :many
-- Commission totals by status and currency; brand_id or affiliate_id narrows them to a tenant.
-- Pending counts flagged ones too (both wait for a decision); reversed is what was taken back.
SELECT v.commission_currency AS currency,
       coalesce(sum(v.commission_amount) FILTER (WHERE v.status IN ('pending', 'flagged')), 0)::numeric AS pending,
       coalesce(sum(v.commission_amount) FILTER (WHERE v.status = 'confirmed'), 0)::numeric AS confirmed,
       coalesce(sum(v.commission_amount) FILTER (WHERE v.status = 'paid'), 0)::numeric AS paid,
       coalesce(sum(v.reversed_amount), 0)::numeric AS reversed,
       count(*) FILTER (WHERE v.status <> 'rejected')::int AS conversions
FROM conversions v
WHERE v.affiliate_id IS NOT NULL
  AND (sqlc.narg(brand_id)::uuid IS NULL OR v.brand_id = sqlc.narg(brand_id))
  AND (sqlc.narg(affiliate_id)::uuid IS NULL OR v.affiliate_id = sqlc.narg(affiliate_id))
GROUP BY v.commission_currency
ORDER BY v.commission_currency;

-- name: BrandWebhookByID :one
SELECT public_id, webhook_secret FROM brands WHERE id = @id;

-- name: SubscriptionForRenewal :one
-- A brand's remembered subscription with its campaign, locked until the renewal is stored (its
-- payments are counted exactly when renewals arrive together), whether its affiliate still earns
-- in the campaign, and the status of its first payment's conversion ('' when it is gone).
SELECT sqlc.embed(s), sqlc.embed(c), a.email AS affiliate_email,
       EXISTS (SELECT 1 FROM campaign_memberships m
               WHERE m.campaign_id = s.campaign_id AND m.affiliate_id = s.affiliate_id AND m.brand_id = @brand_id
                 AND m.status = 'approved') AS earning,
       coalesce((SELECT f.status FROM conversions f WHERE f.brand_id = @brand_id AND f.order_id = s.first_order_id), '')::text AS first_status
FROM subscriptions s
JOIN campaigns c ON c.id = s.campaign_id AND c.brand_id = @brand_id
JOIN affiliates a ON a.id = s.affiliate_id
WHERE s.brand_id = @brand_id AND s.subscription_id = @subscription_id
FOR UPDATE OF s;

-- name: RememberSubscription :exec
-- The first attributed payment of a subscription remembers it; a later sale with the same id
-- changes nothing.
INSERT INTO subscriptions (brand_id, subscription_id, customer_id, affiliate_id, campaign_id, attribution, first_payment_at, first_order_id)
VALUES (@brand_id, @subscription_id, @customer_id, @affiliate_id, @campaign_id, @attribution, @first_payment_at, @first_order_id)
ON CONFLICT (brand_id, subscription_id) DO NOTHING;

-- name: CountSubscriptionPayment :exec
-- A stored renewal of a remembered subscription counts as one more payment.
UPDATE subscriptions SET payments = payments + 1
WHERE brand_id = @brand_id AND subscription_id = @subscription_id;
