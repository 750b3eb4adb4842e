-- name: UpdateUserProfile :exec
UPDATE users SET first_name = @first_name, last_name = @last_name, company_name = @company_name WHERE id = @id;

-- name: CountEntities :one
SELECT (SELECT count(*) FROM users)::int AS users,
       (SELECT count(*) FROM brands)::int AS brands,
       (SELECT count(*) FROM affiliates)::int AS affiliates,
       (SELECT count(*) FROM campaigns)::int AS campaigns,
       (SELECT count(*) FROM campaign_memberships)::int AS applications,
       (SELECT count(*) FROM api_keys)::int AS api_keys,
       (SELECT count(*) FROM brand_domains)::int AS brand_domains,
       (SELECT count(*) FROM campaign_invitations)::int AS invitations,
       (SELECT count(*) FROM tracking_links)::int AS tracking_links,
       (SELECT count(*) FROM clicks)::bigint AS clicks,
       (SELECT count(*) FROM discount_codes)::int AS discount_codes,
       (SELECT count(*) FROM conversions)::int AS conversions,
       (SELECT count(*) FROM payouts)::int AS payouts,
       (SELECT count(*) FROM notifications)::int AS notifications,
       (SELECT count(*) FROM activity_log)::bigint AS activity,
       (SELECT count(*) FROM currency_rates)::int AS currency_rates;
