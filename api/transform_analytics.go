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
	return s.Calendar.Of(deref(preset), timeOf(from), timeOf(to))
}

// listWindow reads a list's range parameters on the server's calendar.
func (s *Server) listWindow(preset *string, from, to *openapi_types.Date) (since, before *time.Time, err error) {
	return s.Calendar.Window(deref(preset), timeOf(from), timeOf(to))
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

func dayFiguresOf(d analytics.DayFigures) oapi.DayFigures {
	return oapi.DayFigures{
		Day: openapi_types.Date{Time: d.Day}, Clicks: d.Clicks, UniqueClicks: d.UniqueClicks, Conversions: d.Conversions,
		Revenue: amount.Format(d.Revenue), Commission: amount.Format(d.Commission),
	}
}

func affiliateFiguresOf(a analytics.AffiliateFigures) oapi.AffiliateFigures {
	return oapi.AffiliateFigures{
		AffiliateId: a.AffiliateID, AffiliateName: a.AffiliateName, Clicks: a.Clicks, Conversions: a.Conversions,
		Revenue: amount.Format(a.Revenue), Commission: amount.Format(a.Commission),
	}
}

func recentConversionOf(c analytics.RecentConversion) oapi.RecentConversion {
	return oapi.RecentConversion{
		Id: c.ID, OrderId: c.OrderID, CustomerEmail: c.CustomerEmail, CampaignName: c.CampaignName,
		Status: oapi.ConversionStatus(c.Status), CommissionAmount: amount.Format(c.CommissionAmount),
		CommissionCurrency: c.CommissionCurrency, ConvertedAt: c.ConvertedAt,
	}
}

func recentClickOf(c analytics.RecentClick) oapi.RecentClick {
	return oapi.RecentClick{Id: c.ID, LinkCode: c.LinkCode, CampaignName: c.CampaignName, ClickedAt: c.ClickedAt}
}

// activityEntryOf leaves out an entry's object when it names none.
func activityEntryOf(e analytics.Entry) oapi.ActivityEntry {
	out := oapi.ActivityEntry{
		Id: e.ID, Action: e.Action, EntityType: e.EntityType, EntityId: e.EntityID, Actor: e.Actor, Count: e.Count, CreatedAt: e.CreatedAt,
	}
	if e.Object != "" {
		out.Object = &e.Object
	}
	return out
}

func day(t daterange.Range) (from, to openapi_types.Date) {
	return openapi_types.Date{Time: t.First}, openapi_types.Date{Time: t.Last}
}
