package export

import (
	"context"

	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Counts are how many of each entity the platform holds.
type Counts struct {
	Users         int32
	Brands        int32
	Affiliates    int32
	Campaigns     int32
	Applications  int32
	ApiKeys       int32
	BrandDomains  int32
	Invitations   int32
	TrackingLinks int32
	Clicks        int64
	DiscountCodes int32
	Conversions   int32
	Payouts       int32
	Notifications int32
	Activity      int64
	CurrencyRates int32
}

// Summary counts every entity (host only).
func (s *Service) Summary(ctx context.Context, h tenancy.HostScope) (Counts, error) {
	if err := h.Check(); err != nil {
		return Counts{}, err
	}
	r, err := s.q.CountEntities(ctx, s.pool)
	if err != nil {
		return Counts{}, err
	}
	return Counts{Users: r.Users, Brands: r.Brands, Affiliates: r.Affiliates, Campaigns: r.Campaigns,
		Applications: r.Applications, ApiKeys: r.ApiKeys, BrandDomains: r.BrandDomains, Invitations: r.Invitations,
		TrackingLinks: r.TrackingLinks, Clicks: r.Clicks, DiscountCodes: r.DiscountCodes, Conversions: r.Conversions,
		Payouts: r.Payouts, Notifications: r.Notifications, Activity: r.Activity, CurrencyRates: r.CurrencyRates}, nil
}
