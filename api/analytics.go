package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/analytics"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

// GetAnalytics answers a range's totals and its top campaigns.
func (s *Server) GetAnalytics(ctx context.Context, req oapi.GetAnalyticsRequestObject) (oapi.GetAnalyticsResponseObject, error) {
	q := req.Params
	r, err := s.statsRange((*string)(q.Range), q.From, q.To)
	if err != nil {
		return nil, err
	}
	f := analytics.Filter{BrandID: someUUID(q.BrandId), CampaignID: someUUID(q.CampaignId),
		AffiliateID: someUUID(q.AffiliateId), Currency: displayCurrency(q.Currency)}
	totals, err := s.Analytics.Totals(ctx, scope(ctx), f, r)
	if err != nil {
		return nil, err
	}
	top, err := s.Analytics.TopCampaigns(ctx, scope(ctx), f, r, 10)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetAnalytics200JSONResponse{Success: true}
	resp.Data.From, resp.Data.To = day(r)
	resp.Data.Currency = oapi.CurrencyCode(f.Currency)
	resp.Data.Totals = totalsOf(totals)
	resp.Data.TopCampaigns = campaignFiguresOf(top)
	return resp, nil
}

// GetTimeseries answers a range's figures day by day.
func (s *Server) GetTimeseries(ctx context.Context, req oapi.GetTimeseriesRequestObject) (oapi.GetTimeseriesResponseObject, error) {
	q := req.Params
	r, err := s.statsRange((*string)(q.Range), q.From, q.To)
	if err != nil {
		return nil, err
	}
	f := analytics.Filter{BrandID: someUUID(q.BrandId), CampaignID: someUUID(q.CampaignId),
		AffiliateID: someUUID(q.AffiliateId), Currency: displayCurrency(q.Currency)}
	days, err := s.Analytics.Timeseries(ctx, scope(ctx), f, r)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetTimeseries200JSONResponse{Success: true}
	resp.Data.From, resp.Data.To = day(r)
	resp.Data.Currency = oapi.CurrencyCode(f.Currency)
	resp.Data.Days = make([]oapi.DayFigures, len(days))
	for i, d := range days {
		resp.Data.Days[i] = dayFiguresOf(d)
	}
	return resp, nil
}

// GetBrandDashboard answers the brand's dashboard figures.
func (s *Server) GetBrandDashboard(ctx context.Context, req oapi.GetBrandDashboardRequestObject) (oapi.GetBrandDashboardResponseObject, error) {
	currency := displayCurrency(req.Params.Currency)
	d, err := s.Analytics.BrandDashboard(ctx, scope(ctx), currency)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetBrandDashboard200JSONResponse{Success: true}
	resp.Data.Currency = oapi.CurrencyCode(currency)
	resp.Data.Last30Days, resp.Data.Previous30Days = totalsOf(d.Last30), totalsOf(d.Previous30)
	c := d.Counts
	resp.Data.ActiveCampaigns, resp.Data.Affiliates = int(c.ActiveCampaigns), int(c.Affiliates)
	resp.Data.PendingApplications, resp.Data.PendingConversions = int(c.PendingApplications), int(c.PendingConversions)
	return resp, nil
}

// GetPlatformOverview answers the host's overview.
func (s *Server) GetPlatformOverview(ctx context.Context, req oapi.GetPlatformOverviewRequestObject) (oapi.GetPlatformOverviewResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	currency := displayCurrency(req.Params.Currency)
	d, err := s.Analytics.PlatformOverview(ctx, h, currency)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetPlatformOverview200JSONResponse{Success: true}
	resp.Data.Currency = oapi.CurrencyCode(currency)
	resp.Data.Last30Days, resp.Data.Previous30Days = totalsOf(d.Last30), totalsOf(d.Previous30)
	c := d.Counts
	resp.Data.Brands, resp.Data.Affiliates, resp.Data.ActiveCampaigns = int(c.Brands), int(c.Affiliates), int(c.ActiveCampaigns)
	resp.Data.PendingApplications, resp.Data.PendingConversions = int(c.PendingApplications), int(c.PendingConversions)
	return resp, nil
}

// GetTopAffiliates answers the program's best affiliates of a range.
func (s *Server) GetTopAffiliates(ctx context.Context, req oapi.GetTopAffiliatesRequestObject) (oapi.GetTopAffiliatesResponseObject, error) {
	q := req.Params
	sc := scope(ctx)
	if !sc.IsBrand() && !sc.IsHost() {
		return nil, apierror.Forbidden("Top affiliates are for brand and host accounts")
	}
	r, err := s.statsRange((*string)(q.Range), q.From, q.To)
	if err != nil {
		return nil, err
	}
	limit := 10
	if q.Limit != nil {
		limit = *q.Limit
	}
	currency := displayCurrency(q.Currency)
	rows, err := s.Analytics.TopAffiliates(ctx, sc, analytics.Filter{Currency: currency}, r, limit)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetTopAffiliates200JSONResponse{Success: true}
	resp.Data.Currency = oapi.CurrencyCode(currency)
	resp.Data.Affiliates = make([]oapi.AffiliateFigures, len(rows))
	for i, a := range rows {
		resp.Data.Affiliates[i] = affiliateFiguresOf(a)
	}
	return resp, nil
}

// GetAffiliateDashboard answers an affiliate's figures, to itself, the host, or a brand it works with.
func (s *Server) GetAffiliateDashboard(ctx context.Context, req oapi.GetAffiliateDashboardRequestObject) (oapi.GetAffiliateDashboardResponseObject, error) {
	sc := scope(ctx)
	// Only who may see it and its name: GetAffiliate would also count every click and order of it.
	name, err := s.Affiliates.AffiliateName(ctx, sc, req.Id)
	if err != nil {
		return nil, err
	}
	currency := displayCurrency(req.Params.Currency)
	d, err := s.Analytics.AffiliateDashboard(ctx, sc, req.Id, currency)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetAffiliateDashboard200JSONResponse{Success: true}
	resp.Data.AffiliateId, resp.Data.AffiliateName = req.Id, name
	resp.Data.Currency = oapi.CurrencyCode(currency)
	resp.Data.Totals = totalsOf(d.Totals)
	resp.Data.CodesUsed, resp.Data.LastConversionAt = int(d.CodesUsed), d.LastConversionAt
	resp.Data.Campaigns = campaignFiguresOf(d.Campaigns)
	resp.Data.RecentConversions = make([]oapi.RecentConversion, len(d.RecentConversions))
	for i, c := range d.RecentConversions {
		resp.Data.RecentConversions[i] = recentConversionOf(c)
	}
	resp.Data.RecentClicks = make([]oapi.RecentClick, len(d.RecentClicks))
	for i, c := range d.RecentClicks {
		resp.Data.RecentClicks[i] = recentClickOf(c)
	}
	return resp, nil
}

// GetRecentActivity answers the newest entries of the activity log the caller may see.
func (s *Server) GetRecentActivity(ctx context.Context, req oapi.GetRecentActivityRequestObject) (oapi.GetRecentActivityResponseObject, error) {
	limit := 10
	if req.Params.Limit != nil {
		limit = *req.Params.Limit
	}
	entries, err := s.Analytics.Recent(ctx, scope(ctx), limit)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetRecentActivity200JSONResponse{Success: true}
	resp.Data.Activity = make([]oapi.ActivityEntry, len(entries))
	for i, e := range entries {
		resp.Data.Activity[i] = activityEntryOf(e)
	}
	return resp, nil
}
