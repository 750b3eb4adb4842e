// Package export writes the host's data export: every row of one entity as CSV, read a page at a
// time in primary-key order from one snapshot, so even ten million clicks stream in constant memory,
// and the count of every entity that the same page shows beside it (Summary).
package export

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/csvfile"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Service writes exports.
type Service struct {
	pool *pgxpool.Pool
	q    *queries.Queries
}

// New builds the service.
func New(pool *pgxpool.Pool) *Service { return &Service{pool: pool, q: queries.New()} }

// table is one entity's export: its header and how it reads the page after a row.
type table struct {
	header []string
	write  func(ctx context.Context, q *queries.Queries, db queries.DBTX, w io.Writer) error
}

// pages builds a table from a page reader and the row's cells (the query formats them).
func pages[R any](header []string, cells func(R) []string, next func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *R) ([]R, error)) table {
	return table{header: header, write: func(ctx context.Context, q *queries.Queries, db queries.DBTX, w io.Writer) error {
		return csvfile.Stream(w, header, func(last *R) ([]R, error) { return next(ctx, q, db, last) }, cells)
	}}
}

// after is the id a page starts after: the last row's, or the zero id for the first page.
func after[R any](last *R, id func(R) uuid.UUID) uuid.UUID {
	if last == nil {
		return uuid.Nil
	}
	return id(*last)
}

const n = csvfile.PageSize

// tables are the exports, by entity name (the contract's ExportEntity).
var tables = map[string]table{
	"users": pages([]string{"id", "email", "first_name", "last_name", "company_name", "account_type", "is_verified", "created_at"},
		func(r queries.ExportUsersRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportUsersRow) ([]queries.ExportUsersRow, error) {
			return q.ExportUsers(ctx, db, queries.ExportUsersParams{AfterID: after(last, func(r queries.ExportUsersRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"brands": pages([]string{"id", "public_id", "company_name", "domain", "default_currency", "created_at"},
		func(r queries.ExportBrandsRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportBrandsRow) ([]queries.ExportBrandsRow, error) {
			return q.ExportBrands(ctx, db, queries.ExportBrandsParams{AfterID: after(last, func(r queries.ExportBrandsRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"brand_domains": pages([]string{"brand_id", "domain", "created_at"},
		func(r queries.ExportBrandDomainsRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportBrandDomainsRow) ([]queries.ExportBrandDomainsRow, error) {
			p := queries.ExportBrandDomainsParams{MaxRows: n}
			if last != nil {
				p.AfterBrand, p.AfterDomain = last.BrandID, last.Domain
			}
			return q.ExportBrandDomains(ctx, db, p)
		}),
	"api_keys": pages([]string{"id", "brand_id", "name", "prefix", "created_at", "last_used_at", "revoked_at"},
		func(r queries.ExportApiKeysRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportApiKeysRow) ([]queries.ExportApiKeysRow, error) {
			return q.ExportApiKeys(ctx, db, queries.ExportApiKeysParams{AfterID: after(last, func(r queries.ExportApiKeysRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"affiliates": pages([]string{"id", "name", "email", "created_at"},
		func(r queries.ExportAffiliatesRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportAffiliatesRow) ([]queries.ExportAffiliatesRow, error) {
			return q.ExportAffiliates(ctx, db, queries.ExportAffiliatesParams{AfterID: after(last, func(r queries.ExportAffiliatesRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"campaigns": pages([]string{"id", "brand_id", "name", "status", "currency", "commission_type", "commission_value", "budget",
		"start_date", "end_date", "visibility", "approval_mode", "created_at"},
		func(r queries.ExportCampaignsRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportCampaignsRow) ([]queries.ExportCampaignsRow, error) {
			return q.ExportCampaigns(ctx, db, queries.ExportCampaignsParams{AfterID: after(last, func(r queries.ExportCampaignsRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"applications": pages([]string{"id", "brand_id", "campaign_id", "affiliate_id", "status", "created_at", "decided_at"},
		func(r queries.ExportApplicationsRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportApplicationsRow) ([]queries.ExportApplicationsRow, error) {
			return q.ExportApplications(ctx, db, queries.ExportApplicationsParams{AfterID: after(last, func(r queries.ExportApplicationsRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"invitations": pages([]string{"id", "campaign_id", "email", "affiliate_id", "brand_id", "invited_by", "created_at"},
		func(r queries.ExportInvitationsRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportInvitationsRow) ([]queries.ExportInvitationsRow, error) {
			return q.ExportInvitations(ctx, db, queries.ExportInvitationsParams{AfterID: after(last, func(r queries.ExportInvitationsRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"tracking_links": pages([]string{"id", "brand_id", "campaign_id", "affiliate_id", "name", "short_code", "destination_url", "status", "created_at"},
		func(r queries.ExportTrackingLinksRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportTrackingLinksRow) ([]queries.ExportTrackingLinksRow, error) {
			return q.ExportTrackingLinks(ctx, db, queries.ExportTrackingLinksParams{AfterID: after(last, func(r queries.ExportTrackingLinksRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"clicks": pages([]string{"id", "clicked_at", "link_id", "campaign_id", "affiliate_id", "brand_id", "ip_hash", "user_agent", "referrer", "is_bot"},
		func(r queries.ExportClicksRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportClicksRow) ([]queries.ExportClicksRow, error) {
			return q.ExportClicks(ctx, db, queries.ExportClicksParams{AfterID: after(last, func(r queries.ExportClicksRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"discount_codes": pages([]string{"id", "brand_id", "campaign_id", "affiliate_id", "code", "description", "discount_type", "discount_value",
		"minimum_order_amount", "usage_limit", "usage_limit_per_customer", "current_usage_count", "valid_from", "valid_until",
		"is_exclusive", "commission_override", "status", "created_at"},
		func(r queries.ExportDiscountCodesRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportDiscountCodesRow) ([]queries.ExportDiscountCodesRow, error) {
			return q.ExportDiscountCodes(ctx, db, queries.ExportDiscountCodesParams{AfterID: after(last, func(r queries.ExportDiscountCodesRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"conversions": pages([]string{"id", "brand_id", "order_id", "order_total", "currency", "customer_email", "converted_at", "source",
		"attribution", "click_id", "link_id", "discount_code", "campaign_id", "affiliate_id", "commission_currency", "exchange_rate",
		"commission_amount", "original_commission", "refunded_amount", "status", "flag_reason", "created_at", "updated_at"},
		func(r queries.ExportConversionsRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportConversionsRow) ([]queries.ExportConversionsRow, error) {
			return q.ExportConversions(ctx, db, queries.ExportConversionsParams{AfterID: after(last, func(r queries.ExportConversionsRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"payouts": pages([]string{"id", "brand_id", "affiliate_id", "affiliate_name", "affiliate_email", "currency", "amount", "conversions",
		"status", "reference", "created_at", "paid_at"},
		func(r queries.ExportPayoutsRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportPayoutsRow) ([]queries.ExportPayoutsRow, error) {
			return q.ExportPayouts(ctx, db, queries.ExportPayoutsParams{AfterID: after(last, func(r queries.ExportPayoutsRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"notifications": pages([]string{"id", "affiliate_id", "brand_id", "kind", "params", "entity_type", "entity_id", "read_at", "created_at"},
		func(r queries.ExportNotificationsRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportNotificationsRow) ([]queries.ExportNotificationsRow, error) {
			return q.ExportNotifications(ctx, db, queries.ExportNotificationsParams{AfterID: after(last, func(r queries.ExportNotificationsRow) uuid.UUID { return r.ID }), MaxRows: n})
		}),
	"activity": pages([]string{"id", "actor_id", "brand_id", "affiliate_id", "action", "entity_type", "entity_id", "details", "created_at"},
		func(r queries.ExportActivityRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportActivityRow) ([]queries.ExportActivityRow, error) {
			p := queries.ExportActivityParams{MaxRows: n}
			if last != nil {
				p.AfterID = last.ID
			}
			return q.ExportActivity(ctx, db, p)
		}),
	"currency_rates": pages([]string{"currency", "rate", "updated_at"},
		func(r queries.ExportCurrencyRatesRow) []string { return r.Cells },
		func(ctx context.Context, q *queries.Queries, db queries.DBTX, last *queries.ExportCurrencyRatesRow) ([]queries.ExportCurrencyRatesRow, error) {
			p := queries.ExportCurrencyRatesParams{MaxRows: n}
			if last != nil {
				p.AfterCurrency = last.Currency
			}
			return q.ExportCurrencyRates(ctx, db, p)
		}),
}

// Entities are the names Write accepts, sorted.
func Entities() []string {
	names := make([]string, 0, len(tables))
	for name := range tables {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Write writes every row of one entity as CSV with a header, from one snapshot (host only).
func (s *Service) Write(ctx context.Context, h tenancy.HostScope, entity string, w io.Writer) error {
	if err := h.Check(); err != nil {
		return err
	}
	t, ok := tables[entity]
	if !ok {
		return fmt.Errorf("export: unknown entity %q", entity)
	}
	return csvfile.Snapshot(ctx, s.pool, func(tx pgx.Tx) error { return t.write(ctx, s.q, tx, w) })
}
