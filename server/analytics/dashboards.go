package analytics

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/conversions"
	"github.com/openaffiliate/platform/server/customplans"
	"github.com/openaffiliate/platform/server/daterange"
	"github.com/openaffiliate/platform/server/tenancy"
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
	Counts queries.BrandCountsRow
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
		return BrandDashboard{Period: p, Counts: counts}, nil
	})
}

// PlatformOverview is what the host's dashboard shows.
type PlatformOverview struct {
	Period
	Counts queries.PlatformCountsRow
}

// PlatformOverview answers the host's overview of the platform; it is the host's only.
func (s *Service) PlatformOverview(ctx context.Context, sc tenancy.Scope, currency string) (PlatformOverview, error) {
	if !sc.IsHost() {
		return PlatformOverview{}, apierror.Forbidden("The platform overview is for host accounts")
	}
	return read(ctx, s, func(db queries.DBTX) (PlatformOverview, error) {
		p, err := s.period(ctx, db, narrow(sc, Filter{Currency: currency}))
		if err != nil {
			return PlatformOverview{}, err
		}
		counts, err := s.q.PlatformCounts(ctx, db)
		if err != nil {
			return PlatformOverview{}, err
		}
		return PlatformOverview{Period: p, Counts: counts}, nil
	})
}

// AffiliateDashboard is an affiliate's figures since it started.
type AffiliateDashboard struct {
	Totals
	CodesUsed         int32
	LastConversionAt  *time.Time
	RecentConversions []queries.RecentAffiliateConversionsRow
	RecentClicks      []queries.RecentAffiliateClicksRow
	Campaigns         []CampaignFigures
}

// allTime spans every day a figure can fall on.
var allTime = daterange.Range{First: time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), Last: time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)}

// AffiliateDashboard answers the figures of an affiliate the caller has already been allowed to
// see (catalogue.GetAffiliate): a brand's view holds its own campaigns only, and the affiliate's
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
		if d.RecentConversions, err = s.q.RecentAffiliateConversions(ctx, db, queries.RecentAffiliateConversionsParams{AffiliateID: f.AffiliateID, BrandID: f.BrandID}); err != nil {
			return AffiliateDashboard{}, err
		}
		if d.RecentClicks, err = s.q.RecentAffiliateClicks(ctx, db, queries.RecentAffiliateClicksParams{AffiliateID: f.AffiliateID.UUID, BrandID: f.BrandID}); err != nil {
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
