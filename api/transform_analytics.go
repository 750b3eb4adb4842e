package api

import (
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/analytics"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/daterange"
)

// statsRange reads the analytics' and the reports' range parameters on the server's calendar.
func (s *Server) statsRange(preset *string, from, to *openapi_types.Date) (daterange.Range, error) {
	return s.Calendar.Of(presetOf(preset), timeOf(from), timeOf(to))
}

// listWindow reads a list's range parameters on the server's calendar.
func (s *Server) listWindow(preset *string, from, to *openapi_types.Date) (since, before *time.Time, err error) {
	return s.Calendar.Window(presetOf(preset), timeOf(from), timeOf(to))
}

func presetOf(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func timeOf(d *openapi_types.Date) *time.Time {
	if d == nil {
		return nil
	}
	return &d.Time
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

func day(t daterange.Range) (from, to openapi_types.Date) {
	return openapi_types.Date{Time: t.First}, openapi_types.Date{Time: t.Last}
}
