package api

import (
	"time"

	"github.com/google/uuid"
	openapi_types "github.com/oapi-codegen/runtime/types"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/amount"
	"github.com/openaffiliate/platform/server/analytics"
	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/catalogue"
	"github.com/openaffiliate/platform/server/paging"
)

func pageOf(query *string, limit *int, offset *int32) paging.Page {
	p := paging.Page{}
	if query != nil {
		p.Query = *query
	}
	if limit != nil {
		p.Limit = *limit
	}
	if offset != nil {
		p.Offset = int(*offset)
	}
	return p
}

// sortedPage is pageOf in a list's order: its sort column (nil is its default, the creation time)
// and direction (nil is descending).
func sortedPage[S, O ~string](query *string, limit *int, offset *int32, sort *S, order *O) paging.Page {
	p := pageOf(query, limit, offset)
	if sort != nil {
		p.Sort = string(*sort)
	}
	p.Ascending = order != nil && string(*order) == string(oapi.SortOrderAsc)
	return p
}

// pageInfo answers the limit and offset a list used: the catalogue's bounds, as the contract's ints.
func pageInfo(p paging.Page) (limit, offset int) {
	l, o := p.Bounds()
	return int(l), int(o)
}

func brandOf(b catalogue.Brand) oapi.Brand {
	out := oapi.Brand{
		Id: b.ID, Name: b.CompanyName, CompanyName: b.CompanyName, Domain: b.Domain, PublicId: b.PublicID,
		DefaultCurrency: oapi.CurrencyCode(b.DefaultCurrency), Domains: b.Domains, CreatedAt: b.CreatedAt,
		OwnerEmail: b.OwnerEmail,
	}
	if b.OwnerUserID.Valid {
		out.OwnerUserId = &b.OwnerUserID.UUID
	}
	return out
}

func apiKeyOf(k catalogue.APIKey) oapi.ApiKey {
	return oapi.ApiKey{Id: k.ID, Name: k.Name, Prefix: k.Prefix, CreatedAt: k.CreatedAt, LastUsedAt: k.LastUsedAt, RevokedAt: k.RevokedAt}
}

func dateOf(t *time.Time) *openapi_types.Date {
	if t == nil {
		return nil
	}
	return &openapi_types.Date{Time: *t}
}

func campaignOf(c catalogue.Campaign) oapi.Campaign {
	out := oapi.Campaign{
		Id: c.ID, BrandId: c.BrandID, BrandName: c.BrandName, Name: c.Name, Description: c.Description,
		HomepageUrl: c.HomepageUrl, Status: oapi.CampaignStatus(c.Status),
		StartDate: dateOf(c.StartDate), EndDate: dateOf(c.EndDate),
		Currency: oapi.CurrencyCode(c.Currency), CommissionType: oapi.CommissionType(c.CommissionType),
		CommissionValue: c.CommissionValue.String(), AttributionWindowDays: int(c.AttributionWindowDays),
		HoldingDays: intOf(c.HoldingDays),
		Visibility:  oapi.Visibility(c.Visibility), ApprovalMode: oapi.ApprovalMode(c.ApprovalMode),
		CreatedAt: c.CreatedAt, AffiliatesCount: c.AffiliatesCount,
	}
	if c.Budget.Valid {
		b := c.Budget.Decimal.StringFixed(2)
		out.Budget = &b
		r := c.Remaining().StringFixed(2)
		out.Remaining = &r
	}
	if c.MembershipStatus != nil {
		m := oapi.CampaignMembershipStatus(*c.MembershipStatus)
		out.MembershipStatus = &m
	}
	out.Invited = c.Invited
	return out
}

// affiliateOf shows an affiliate with its statistics: clicks, conversions and money (RON), and
// the conversion rate (conversions from links per 100 clicks, analytics.Rate).
func affiliateOf(a catalogue.Affiliate) oapi.Affiliate {
	out := oapi.Affiliate{Id: a.ID, Name: a.Name, Email: a.Email, CreatedAt: a.CreatedAt}
	if a.UserID.Valid {
		id := uuid.UUID(a.UserID.UUID)
		out.UserId = &id
	}
	rate := analytics.Rate(int64(a.LinkConversions), int64(a.TotalClicks))
	out.Stats = oapi.AffiliateStats{
		CampaignsJoined: a.CampaignsJoined, TotalClicks: a.TotalClicks, Conversions: a.Conversions,
		Revenue: a.Revenue.StringFixed(2), Commission: a.Commission.StringFixed(2), ConversionRate: rate.StringFixed(2),
		DiscountCodesUsed: a.CodesUsed, LastConversionAt: a.LastConversionAt,
	}
	return out
}

func applicationOf(a catalogue.Application) oapi.Application {
	return oapi.Application{
		Id: a.ID, CampaignId: a.CampaignID, CampaignName: a.CampaignName, BrandId: a.BrandID,
		AffiliateId: a.AffiliateID, AffiliateName: a.AffiliateName, AffiliateEmail: a.AffiliateEmail,
		Status: oapi.MembershipStatus(a.Status), CreatedAt: a.CreatedAt, DecidedAt: a.DecidedAt,
	}
}

func parseDecimal(field string, s *amount.Text) (*decimal.Decimal, error) {
	if s == nil {
		return nil, nil
	}
	d, err := s.Decimal()
	if err != nil {
		return nil, apierror.Validation(field, field+" must be a decimal number such as 12.50")
	}
	return &d, nil
}
