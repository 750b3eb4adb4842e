package api

import (
	"github.com/google/uuid"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/affiliates"
	"github.com/openaffiliate/platform/server/domain/analytics"
	"github.com/openaffiliate/platform/server/platform/amount"
)

// affiliateOf shows an affiliate with its statistics: clicks, conversions and money (RON), and
// the conversion rate (conversions from links per 100 clicks, analytics.Rate).
func affiliateOf(a affiliates.Affiliate) oapi.Affiliate {
	out := oapi.Affiliate{Id: a.ID, Name: a.Name, Email: a.Email, CreatedAt: a.CreatedAt}
	if a.UserID.Valid {
		id := uuid.UUID(a.UserID.UUID)
		out.UserId = &id
	}
	rate := analytics.Rate(int64(a.LinkConversions), int64(a.TotalClicks))
	out.Stats = oapi.AffiliateStats{
		CampaignsJoined: a.CampaignsJoined, TotalClicks: a.TotalClicks, Conversions: a.Conversions,
		Revenue: amount.Format(a.Revenue), Commission: amount.Format(a.Commission), ConversionRate: amount.Format(rate),
		DiscountCodesUsed: a.CodesUsed, LastConversionAt: a.LastConversionAt,
	}
	return out
}

func affiliateResponse(a affiliates.Affiliate) oapi.AffiliateResponse {
	resp := oapi.AffiliateResponse{Success: true}
	resp.Data.Affiliate = affiliateOf(a)
	return resp
}
