package conversions

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/paging"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Filter narrows a list of conversions; zero values filter nothing.
type Filter struct {
	Status      string
	CampaignID  uuid.NullUUID
	AffiliateID uuid.NullUUID
	// Since and Before bound the order's time, converted_at (Before is exclusive), as the
	// analytics place an order in a day.
	Since, Before *time.Time
}

// Listed is a page of conversions: Total match the filter, Counted of them are what the
// analytics count (attributed, neither rejected nor reversed).
type Listed struct {
	Conversions    []Conversion
	Total, Counted int
}

// Get loads a conversion the scope may see: the host any, a brand its own, an affiliate one
// attributed to it. Any other answers 404, so ids cannot be probed.
func (s *Service) Get(ctx context.Context, sc tenancy.Scope, id uuid.UUID) (Conversion, error) {
	brand, affiliate := sc.Memberships()
	r, err := s.q.GetConversion(ctx, s.pool, queries.GetConversionParams{ID: id, BrandID: brand, AffiliateID: affiliate})
	if errors.Is(err, pgx.ErrNoRows) {
		return Conversion{}, apierror.NotFound("Conversion not found")
	}
	if err != nil {
		return Conversion{}, err
	}
	c := conversionOf(r.Conversion, r.BrandName, r.CampaignName, r.AffiliateName, r.LinkCode)
	if c.Lines, err = s.linesOf(ctx, s.pool, c.BrandID, c.ID); err != nil {
		return Conversion{}, err
	}
	return seenBy(sc, c), nil
}

// List answers a page of the conversions the scope may see, with how many match and how many of
// those the analytics count; the page sorts by created_at, order_total or commission_amount.
func (s *Service) List(ctx context.Context, sc tenancy.Scope, f Filter, p paging.Page) (Listed, error) {
	brand, affiliate := sc.Memberships()
	var status *string
	if f.Status != "" {
		status = &f.Status
	}
	counted := 0
	rows, total, err := paging.Fetch(p, func(limit, offset int32) ([]queries.ListConversionsRow, error) {
		return s.q.ListConversions(ctx, s.pool, queries.ListConversionsParams{
			BrandID: brand, AffiliateID: affiliate, Status: status, CampaignFilter: f.CampaignID,
			AffiliateFilter: f.AffiliateID, Since: f.Since, Before: f.Before, Pattern: p.Pattern(),
			Sort: p.Sort, Descending: !p.Ascending, MaxRows: limit, SkipRows: offset,
		})
	}, func(r queries.ListConversionsRow) int64 { counted = int(r.Counted); return r.Total })
	if err != nil {
		return Listed{}, err
	}
	out := Listed{Conversions: make([]Conversion, len(rows)), Total: total, Counted: counted}
	for i, r := range rows {
		out.Conversions[i] = seenBy(sc, conversionOf(r.Conversion, r.BrandName, r.CampaignName, r.AffiliateName, r.LinkCode))
	}
	return out, nil
}

// Process stores an order a brand reports (its session or its API key); see Ingest.
func (s *Service) Process(ctx context.Context, sc tenancy.Scope, o Order) (Conversion, bool, error) {
	o.Source = "api"
	return s.Ingest(ctx, sc, o)
}

// Earnings are commission totals in one currency, by where they stand.
type Earnings struct {
	Currency    string
	Pending     decimal.Decimal
	Confirmed   decimal.Decimal
	Paid        decimal.Decimal
	Reversed    decimal.Decimal
	Conversions int32
}

func earningsOf(r queries.EarningsByCurrencyRow) Earnings {
	return Earnings{Currency: r.Currency, Pending: r.Pending, Confirmed: r.Confirmed, Paid: r.Paid,
		Reversed: r.Reversed, Conversions: r.Conversions}
}

// EarningsOf answers the commission totals the scope may see, per commission currency: an
// affiliate its own, a brand its program's, the host the platform's.
func (s *Service) EarningsOf(ctx context.Context, sc tenancy.Scope) ([]Earnings, error) {
	brand, affiliate := sc.Memberships()
	rows, err := s.q.EarningsByCurrency(ctx, s.pool, queries.EarningsByCurrencyParams{BrandID: brand, AffiliateID: affiliate})
	return dbtx.Each(rows, err, earningsOf)
}
