-- The host's data export: every row of each entity as text cells, a page at a time in primary-key
-- order (keyset pagination), so even the clicks table streams. The column lists match
-- server/domain/export's headers; secrets, password hashes and key hashes are never selected.

-- name: ExportUsers :many
SELECT id, ARRAY[id::text, email, first_name, last_name, coalesce(company_name, ''), account_type,
       is_verified::text, csv_time(created_at)]::text[] AS cells
FROM users WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportBrands :many
SELECT id, ARRAY[id::text, public_id, company_name, coalesce(domain, ''), default_currency,
       csv_time(created_at)]::text[] AS cells
FROM brands WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportBrandDomains :many
SELECT brand_id, domain, ARRAY[brand_id::text, domain, csv_time(created_at)]::text[] AS cells
FROM brand_domains WHERE (brand_id, domain) > (@after_brand::uuid, @after_domain::text)
ORDER BY brand_id, domain LIMIT @max_rows;

-- name: ExportApiKeys :many
SELECT id, ARRAY[id::text, brand_id::text, name, prefix, csv_time(created_at), csv_time(last_used_at),
       csv_time(revoked_at)]::text[] AS cells
FROM api_keys WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportAffiliates :many
SELECT id, ARRAY[id::text, name, email, csv_time(created_at)]::text[] AS cells
FROM affiliates WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportCampaigns :many
SELECT id, ARRAY[id::text, brand_id::text, name, status, currency, commission_type, commission_value::text,
       coalesce(budget::text, ''), coalesce(start_date::text, ''), coalesce(end_date::text, ''), visibility,
       approval_mode, csv_time(created_at)]::text[] AS cells
FROM campaigns WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportApplications :many
SELECT id, ARRAY[id::text, brand_id::text, campaign_id::text, affiliate_id::text, status,
       csv_time(created_at), csv_time(decided_at)]::text[] AS cells
FROM campaign_memberships WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportInvitations :many
SELECT id, ARRAY[id::text, campaign_id::text, email, coalesce(affiliate_id::text, ''), brand_id::text,
       coalesce(invited_by::text, ''), csv_time(created_at)]::text[] AS cells
FROM campaign_invitations WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportTrackingLinks :many
SELECT id, ARRAY[id::text, brand_id::text, campaign_id::text, affiliate_id::text, name, short_code,
       destination_url, status, csv_time(created_at)]::text[] AS cells
FROM tracking_links WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportClicks :many
-- Click ids are UUIDv7, so id order is time order.
SELECT id, ARRAY[id::text, csv_time(clicked_at), link_id::text, campaign_id::text, affiliate_id::text,
       brand_id::text, ip_hash, user_agent, referrer, is_bot::text]::text[] AS cells
FROM clicks WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportDiscountCodes :many
SELECT id, ARRAY[id::text, brand_id::text, campaign_id::text, affiliate_id::text, code, description,
       discount_type, discount_value::text, coalesce(minimum_order_amount::text, ''),
       coalesce(usage_limit::text, ''), coalesce(usage_limit_per_customer::text, ''),
       current_usage_count::text, csv_time(valid_from), csv_time(valid_until), is_exclusive::text,
       coalesce(commission_override::text, ''), status, csv_time(created_at)]::text[] AS cells
FROM discount_codes WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportConversions :many
SELECT id, ARRAY[id::text, brand_id::text, order_id, order_total::text, currency, customer_email,
       csv_time(converted_at), source, attribution, coalesce(click_id::text, ''), coalesce(link_id::text, ''),
       discount_code, coalesce(campaign_id::text, ''), coalesce(affiliate_id::text, ''), commission_currency,
       exchange_rate::text, commission_amount::text, original_commission::text, refunded_amount::text,
       status, flag_reason, csv_time(created_at), csv_time(updated_at)]::text[] AS cells
FROM conversions WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportPayouts :many
SELECT id, ARRAY[id::text, brand_id::text, coalesce(affiliate_id::text, ''), affiliate_name, affiliate_email,
       currency, amount::text, conversion_count::text, status, reference, csv_time(created_at),
       csv_time(paid_at)]::text[] AS cells
FROM payouts WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportNotifications :many
SELECT id, ARRAY[id::text, coalesce(affiliate_id::text, ''), coalesce(brand_id::text, ''), kind, params::text, entity_type,
       entity_id, csv_time(read_at), csv_time(created_at)]::text[] AS cells
FROM notifications WHERE id > @after_id ORDER BY id LIMIT @max_rows;

-- name: ExportActivity :many
SELECT id, ARRAY[id::text, coalesce(actor_id::text, ''), coalesce(brand_id::text, ''),
       coalesce(affiliate_id::text, ''), action, entity_type, entity_id, details::text,
       csv_time(created_at)]::text[] AS cells
FROM activity_log WHERE id > @after_id::bigint ORDER BY id LIMIT @max_rows;

-- name: ExportCurrencyRates :many
SELECT currency, ARRAY[currency, rate::text, csv_time(updated_at)]::text[] AS cells
FROM currency_rates WHERE currency > @after_currency::text ORDER BY currency LIMIT @max_rows;
