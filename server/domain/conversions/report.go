package conversions

import (
	"context"
	"io"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/csvfile"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// ReportFilter chooses the conversions of a report: those converted in [Since, Before), narrowed
// by the ids and status given (zero values narrow nothing) and always by the scope.
type ReportFilter struct {
	Since, Before                    time.Time
	BrandID, CampaignID, AffiliateID uuid.NullUUID
	Status                           string
}

// reportHeader names the report's columns.
var reportHeader = []string{
	"id", "converted_at", "created_at", "order_id", "customer_email", "brand", "campaign", "affiliate",
	"attribution", "link_code", "discount_code", "order_total", "currency", "refunded_amount",
	"commission_amount", "commission_currency", "exchange_rate", "status", "flag_reason",
}

// Report writes the conversions the scope may see as CSV, oldest first, from one snapshot.
func (s *Service) Report(ctx context.Context, sc tenancy.Scope, f ReportFilter, w io.Writer) error {
	brand, affiliate := sc.Memberships()
	var status *string
	if f.Status != "" {
		status = &f.Status
	}
	return csvfile.Snapshot(ctx, s.pool, func(tx pgx.Tx) error {
		next := func(last *queries.ReportConversionsRow) ([]queries.ReportConversionsRow, error) {
			p := queries.ReportConversionsParams{
				Since: f.Since, Before: f.Before, AfterAt: f.Since, BrandID: brand, AffiliateID: affiliate,
				BrandFilter: f.BrandID, CampaignFilter: f.CampaignID, AffiliateFilter: f.AffiliateID,
				Status: status, MaxRows: csvfile.PageSize,
			}
			if last != nil {
				p.AfterAt, p.AfterID = last.Conversion.ConvertedAt, last.Conversion.ID
			}
			return s.q.ReportConversions(ctx, tx, p)
		}
		return csvfile.Stream(w, reportHeader, next, func(r queries.ReportConversionsRow) []string {
			c := seenBy(sc, conversionOf(r.Conversion, r.BrandName, r.CampaignName, r.AffiliateName, r.LinkCode))
			return []string{
				c.ID.String(), stamp(c.ConvertedAt), stamp(c.CreatedAt), c.OrderID, c.CustomerEmail, c.BrandName,
				c.CampaignName, c.AffiliateName, c.Attribution, c.LinkCode, c.DiscountCode,
				amount.Format(c.OrderTotal), c.Currency, amount.Format(c.RefundedAmount),
				amount.Format(c.CommissionAmount), c.CommissionCurrency, c.ExchangeRate.String(), c.Status, c.FlagReason,
			}
		})
	})
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }
