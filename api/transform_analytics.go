package api

import (
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/amount"
	"github.com/openaffiliate/platform/server/analytics"
	"github.com/openaffiliate/platform/server/apierror"
)

// maxRangeDays bounds a from/to range: a year, leap day included.
const maxRangeDays = 366

var presetDays = map[string]int{"7d": 7, "30d": 30, "90d": 90, "365d": 365}

// statsRange turns the range parameters into UTC days: from/to replace the preset (default 30d);
// a missing from starts 29 days before to, a missing to is today.
func (s *Server) statsRange(preset *string, from, to *openapi_types.Date) (analytics.Range, error) {
	if from == nil && to == nil {
		n := 30
		if preset != nil {
			n = presetDays[*preset]
		}
		return s.Analytics.LastDays(n), nil
	}
	r := s.Analytics.LastDays(1)
	if to != nil {
		r.Last = analytics.Day(to.Time)
	}
	r.First = r.Last.AddDate(0, 0, -29)
	if from != nil {
		r.First = analytics.Day(from.Time)
	}
	if r.First.After(r.Last) {
		return analytics.Range{}, apierror.Invalid("to", "minimum", "The end of the range is before its start")
	}
	if r.Days() > maxRangeDays {
		return analytics.Range{}, apierror.Invalid("from", "maximum", "A range is at most 366 days")
	}
	return r, nil
}

func displayCurrency(c *oapi.CurrencyCode) string {
	if c == nil {
		return "RON"
	}
	return string(*c)
}

func totalsOf(t analytics.Totals) oapi.AnalyticsTotals {
	return oapi.AnalyticsTotals{
		Clicks: t.Clicks, UniqueClicks: t.UniqueClicks, Conversions: t.Conversions,
		LinkConversions: t.LinkConversions, CodeConversions: t.CodeConversions(),
		Revenue: amount.Format(t.Revenue), Commission: amount.Format(t.Commission),
		PendingCommission: amount.Format(t.PendingCommission), ConfirmedCommission: amount.Format(t.ConfirmedCommission),
		PaidCommission: amount.Format(t.PaidCommission), ConversionRate: amount.Format(t.ConversionRate()),
	}
}

func campaignFiguresOf(rows []analytics.CampaignFigures) []oapi.CampaignFigures {
	out := make([]oapi.CampaignFigures, len(rows))
	for i, r := range rows {
		out[i] = oapi.CampaignFigures{
			CampaignId: r.CampaignID, CampaignName: r.CampaignName, BrandName: r.BrandName, Clicks: r.Clicks,
			Conversions: r.Conversions, Revenue: amount.Format(r.Revenue), Commission: amount.Format(r.Commission),
		}
	}
	return out
}

func day(t analytics.Range) (from, to openapi_types.Date) {
	return openapi_types.Date{Time: t.First}, openapi_types.Date{Time: t.Last}
}
