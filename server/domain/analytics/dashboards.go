package analytics

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/conversions"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/customplans"
	"github.com/openaffiliate/platform/server/platform/daterange"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Period compares the last 30 days with the 30 before them.
type Period struct{ Last30, Previous30 Totals }

func (s *Service) period(ctx context.Context, db queries.DBTX, f Filter) (Period, error) {
	last := s.days.Last(30)
	prev := daterange.Range{First: last.First.AddDate(0, 0, -30), Last: last.First.AddDate(0, 0, -1)}
	var p Period
	var err error
	if p.Last30, err = s.totals(ctx, db, f, last); err != nil {
		return Period{}, err
	}
	if p.Previous30, err = s.totals(ctx, db, f, prev); err != nil {
		return Period{}, err
	}
	return p, nil
}

// BrandDashboard is what a brand's dashboard shows.
type BrandDashboard struct {
	Period
	Counts BrandCounts
}

// BrandCounts are the brand's campaigns, affiliates and what waits for its decision.
type BrandCounts struct {
	ActiveCampaigns     int32
	Affiliates          int32
	PendingApplications int32
	PendingConversions  int32
}

func brandCountsOf(r queries.BrandCountsRow) BrandCounts {
	return BrandCounts{ActiveCampaigns: r.ActiveCampaigns, Affiliates: r.Affiliates,
		PendingApplications: r.PendingApplications, PendingConversions: r.PendingConversions}
}

// BrandDashboard answers the brand's own dashboard; it is a brand's only.
func (s *Service) BrandDashboard(ctx context.Context, sc tenancy.Scope, currency string) (BrandDashboard, error) {
	brandID, ok := sc.BrandID()
	if !ok {
		return BrandDashboard{}, apierror.Forbidden("The brand dashboard is for brand accounts")
	}
	return read(ctx, s, func(db queries.DBTX) (BrandDashboard, error) {
		p, err := s.period(ctx, db, narrow(sc, Filter{Currency: currency}))
		if err != nil {
			return BrandDashboard{}, err
		}
		counts, err := s.q.BrandCounts(ctx, db, brandID)
		if err != nil {
			return BrandDashboard{}, err
		}
		return BrandDashboard{Period: p, Counts: brandCountsOf(counts)}, nil
	})
}

// PlatformOverview is what the host's dashboard shows.
type PlatformOverview struct {
	Period
	Counts PlatformCounts
}

// PlatformCounts are the platform's brands, affiliates, campaigns and what waits for a decision.
type PlatformCounts struct {
	Brands              int32
	Affiliates          int32
	ActiveCampaigns     int32
	PendingApplications int32
	PendingConversions  int32
}

func platformCountsOf(r queries.PlatformCountsRow) PlatformCounts {
	return PlatformCounts{Brands: r.Brands, Affiliates: r.Affiliates, ActiveCampaigns: r.ActiveCampaigns,
		PendingApplications: r.PendingApplications, PendingConversions: r.PendingConversions}
}

// PlatformOverview answers the host's overview of the platform; it is the host's only.
func (s *Service) PlatformOverview(ctx context.Context, h tenancy.HostScope, currency string) (PlatformOverview, error) {
	if err := h.Check(); err != nil {
		return PlatformOverview{}, err
	}
	return read(ctx, s, func(db queries.DBTX) (PlatformOverview, error) {
		p, err := s.period(ctx, db, narrow(h.Scope(), Filter{Currency: currency}))
		if err != nil {
			return PlatformOverview{}, err
		}
		counts, err := s.q.PlatformCounts(ctx, db)
		if err != nil {
			return PlatformOverview{}, err
		}
		return PlatformOverview{Period: p, Counts: platformCountsOf(counts)}, nil
	})
}

// AffiliateDashboard is an affiliate's figures since it started.
type AffiliateDashboard struct {
	Totals
	CodesUsed         int32
	LastConversionAt  *time.Time
	RecentConversions []RecentConversion
	RecentClicks      []RecentClick
	Campaigns         []CampaignFigures
}

// RecentConversion is one of an affiliate's latest conversions.
type RecentConversion struct {
	ID                 uuid.UUID
	OrderID            string
	CustomerEmail      string
	CampaignName       string
	Status             string
	CommissionAmount   decimal.Decimal
	CommissionCurrency string
	ConvertedAt        time.Time
}

func recentConversionOf(r queries.RecentAffiliateConversionsRow) RecentConversion {
	return RecentConversion{ID: r.ID, OrderID: r.OrderID, CustomerEmail: r.CustomerEmail, CampaignName: r.CampaignName,
		Status: r.Status, CommissionAmount: r.CommissionAmount, CommissionCurrency: r.CommissionCurrency, ConvertedAt: r.ConvertedAt}
}

// RecentClick is one of an affiliate's latest clicks.
type RecentClick struct {
	ID           uuid.UUID
	LinkCode     string
	CampaignName string
	ClickedAt    time.Time
}

func recentClickOf(r queries.RecentAffiliateClicksRow) RecentClick {
	return RecentClick{ID: r.ID, LinkCode: r.LinkCode, CampaignName: r.CampaignName, ClickedAt: r.ClickedAt}
}

// allTime spans every day a figure can fall on.
var allTime = daterange.Range{First: time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), Last: time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)}

// AffiliateDashboard answers the figures of an affiliate the caller has already been allowed to
// see (affiliates.GetAffiliate): a brand's view holds its own campaigns only, and the affiliate's
// own view masks the brands' customers.
func (s *Service) AffiliateDashboard(ctx context.Context, sc tenancy.Scope, affiliateID uuid.UUID, currency string) (AffiliateDashboard, error) {
	f := narrow(sc, Filter{AffiliateID: uuid.NullUUID{UUID: affiliateID, Valid: true}, Currency: currency})
	d, err := read(ctx, s, func(db queries.DBTX) (AffiliateDashboard, error) {
		var d AffiliateDashboard
		var err error
		if d.Totals, err = s.totals(ctx, db, f, allTime); err != nil {
			return AffiliateDashboard{}, err
		}
		if d.Campaigns, err = s.topCampaigns(ctx, db, f, allTime, 100); err != nil {
			return AffiliateDashboard{}, err
		}
		facts, err := s.q.AffiliateConversionFacts(ctx, db, queries.AffiliateConversionFactsParams{AffiliateID: f.AffiliateID.UUID, BrandID: f.BrandID})
		if err != nil {
			return AffiliateDashboard{}, err
		}
		d.CodesUsed = facts.CodesUsed
		if t, ok := facts.LastConversionAt.(time.Time); ok {
			d.LastConversionAt = &t
		}
		converted, err := s.q.RecentAffiliateConversions(ctx, db, queries.RecentAffiliateConversionsParams{AffiliateID: f.AffiliateID, BrandID: f.BrandID})
		if d.RecentConversions, err = dbtx.Each(converted, err, recentConversionOf); err != nil {
			return AffiliateDashboard{}, err
		}
		clicks, err := s.q.RecentAffiliateClicks(ctx, db, queries.RecentAffiliateClicksParams{AffiliateID: f.AffiliateID.UUID, BrandID: f.BrandID})
		if d.RecentClicks, err = dbtx.Each(clicks, err, recentClickOf); err != nil {
			return AffiliateDashboard{}, err
		}
		return d, nil
	})
	if err != nil {
		return AffiliateDashboard{}, err
	}
	if sc.IsAffiliate() {
		for i := range d.RecentConversions {
			d.RecentConversions[i].CustomerEmail = conversions.MaskEmail(d.RecentConversions[i].CustomerEmail)
		}
	}
	return d, nil
}

// Entry is one line of the activity log as the caller may read it.
type Entry struct {
	ID                           int64
	Action, EntityType, EntityID string
	Actor                        string
	Object                       string // the object's name, "" when it has none
	Count                        *int64 // how many things it touched, where the action says so
	CreatedAt                    time.Time
}

// Recent answers the newest limit entries of the activity log the scope may see. The actor is
// named for the host and for the caller's own team; anyone else reads the actor's role.
func (s *Service) Recent(ctx context.Context, sc tenancy.Scope, limit int) ([]Entry, error) {
	brand, affiliate := sc.Memberships()
	rows, err := s.q.RecentActivity(ctx, customplans.Of(s.pool), queries.RecentActivityParams{BrandID: brand, AffiliateID: affiliate, MaxRows: rowLimit(limit)})
	if err != nil {
		return nil, err
	}
	ownBrand, isBrand := sc.BrandID()
	ownAffiliate, isAffiliate := sc.AffiliateID()
	out := make([]Entry, len(rows))
	for i, r := range rows {
		actor := "system"
		switch {
		case r.ActorType == nil:
		case sc.SeesAll(),
			isBrand && r.ActorBrandID.Valid && r.ActorBrandID.UUID == ownBrand,
			isAffiliate && r.ActorAffiliateID.Valid && r.ActorAffiliateID.UUID == ownAffiliate:
			actor = r.ActorName
		default:
			actor = *r.ActorType
		}
		out[i] = Entry{ID: r.ID, Action: r.Action, EntityType: r.EntityType, EntityID: r.EntityID, Actor: actor, Object: r.ObjectName, CreatedAt: r.CreatedAt}
		if n, ok := r.ObjectCount.(int64); ok {
			out[i].Count = &n
		}
	}
	return out, nil
}
