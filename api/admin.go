package api

import (
	"context"
	"io"
	"net/url"

	"github.com/openaffiliate/platform/gen/oapi"
)

// CreateHost creates another host account (host only).
func (s *Server) CreateHost(ctx context.Context, req oapi.CreateHostRequestObject) (oapi.CreateHostResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	b := req.Body
	profile, err := s.Accounts.CreateHost(ctx, h, string(b.Email), b.Password, b.FirstName, b.LastName)
	if err != nil {
		return nil, err
	}
	resp := oapi.CreateHost201JSONResponse{Success: true}
	resp.Data.User = userOf(profile)
	return resp, nil
}

// CreateResetLink issues a one-time password reset link for a user (host only).
func (s *Server) CreateResetLink(ctx context.Context, req oapi.CreateResetLinkRequestObject) (oapi.CreateResetLinkResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	token, expires, err := s.Accounts.IssueResetToken(ctx, h, req.Id)
	if err != nil {
		return nil, err
	}
	resp := oapi.CreateResetLink201JSONResponse{Success: true}
	resp.Data.Token = token
	resp.Data.ExpiresAt = expires
	resp.Data.Url = s.PublicURL + "/reset-password?token=" + url.QueryEscape(token)
	return resp, nil
}

// CreateAffiliateInviteLink issues a one-time link that lets the person behind an affiliate the
// host created sign up as that affiliate (host only).
func (s *Server) CreateAffiliateInviteLink(ctx context.Context, req oapi.CreateAffiliateInviteLinkRequestObject) (oapi.CreateAffiliateInviteLinkResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	token, expires, err := s.Accounts.IssueAffiliateInvite(ctx, h, req.Id)
	if err != nil {
		return nil, err
	}
	resp := oapi.CreateAffiliateInviteLink201JSONResponse{Success: true}
	resp.Data.InviteUrl = s.PublicURL + "/auth?invite=" + url.QueryEscape(token)
	resp.Data.ExpiresAt = expires
	return resp, nil
}

// GetDataSummary counts every entity (host).
func (s *Server) GetDataSummary(ctx context.Context, _ oapi.GetDataSummaryRequestObject) (oapi.GetDataSummaryResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.Export.Summary(ctx, h)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetDataSummary200JSONResponse{Success: true}
	resp.Data.Counts.Users = int(c.Users)
	resp.Data.Counts.Brands = int(c.Brands)
	resp.Data.Counts.Affiliates = int(c.Affiliates)
	resp.Data.Counts.Campaigns = int(c.Campaigns)
	resp.Data.Counts.Applications = int(c.Applications)
	resp.Data.Counts.ApiKeys = int(c.ApiKeys)
	resp.Data.Counts.BrandDomains = int(c.BrandDomains)
	resp.Data.Counts.Invitations = int(c.Invitations)
	resp.Data.Counts.TrackingLinks = int(c.TrackingLinks)
	resp.Data.Counts.Clicks = c.Clicks
	resp.Data.Counts.DiscountCodes = int(c.DiscountCodes)
	resp.Data.Counts.Conversions = int(c.Conversions)
	resp.Data.Counts.Payouts = int(c.Payouts)
	resp.Data.Counts.Notifications = int(c.Notifications)
	resp.Data.Counts.Activity = c.Activity
	resp.Data.Counts.CurrencyRates = int(c.CurrencyRates)
	return resp, nil
}

// GetJobStats counts the background jobs per kind and state, with each kind's latest error (host).
func (s *Server) GetJobStats(ctx context.Context, _ oapi.GetJobStatsRequestObject) (oapi.GetJobStatsResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	stats, err := s.Jobs.Stats(ctx, h)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetJobStats200JSONResponse{Success: true}
	resp.Data.Kinds = make([]oapi.JobKindStats, len(stats))
	for i, k := range stats {
		resp.Data.Kinds[i] = jobKindStatsOf(k)
	}
	return resp, nil
}

// ExportData answers every row of one entity as CSV, streamed (host).
func (s *Server) ExportData(ctx context.Context, req oapi.ExportDataRequestObject) (oapi.ExportDataResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	entity := string(req.Entity)
	disposition := `attachment; filename="` + entity + `.csv"`
	return oapi.ExportData200TextcsvCharsetUtf8Response{
		Body:    streamed(func(w io.Writer) error { return s.Export.Write(ctx, h, entity, w) }),
		Headers: oapi.ExportData200ResponseHeaders{ContentDisposition: &disposition},
	}, nil
}

// ListClicks answers recent clicks (host).
func (s *Server) ListClicks(ctx context.Context, req oapi.ListClicksRequestObject) (oapi.ListClicksResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	p := pageOf(nil, req.Params.Limit, req.Params.Offset)
	rows, total, err := s.Links.ListClicks(ctx, h, p)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListClicks200JSONResponse{Success: true}
	resp.Data.Clicks = make([]oapi.Click, len(rows))
	for i, c := range rows {
		resp.Data.Clicks[i] = clickOf(c)
	}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp, nil
}
