package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
)

// ListAffiliates answers a page of affiliates with their statistics.
func (s *Server) ListAffiliates(ctx context.Context, req oapi.ListAffiliatesRequestObject) (oapi.ListAffiliatesResponseObject, error) {
	q := req.Params
	p := sortedPage(q.Query, q.Limit, q.Offset, q.Sort, q.Order)
	affs, total, err := s.Affiliates.ListAffiliates(ctx, scope(ctx), p)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListAffiliates200JSONResponse{Success: true}
	resp.Data.Affiliates = make([]oapi.Affiliate, len(affs))
	for i, a := range affs {
		resp.Data.Affiliates[i] = affiliateOf(a)
	}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp, nil
}

// CreateAffiliate creates an affiliate (host).
func (s *Server) CreateAffiliate(ctx context.Context, req oapi.CreateAffiliateRequestObject) (oapi.CreateAffiliateResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	a, err := s.Affiliates.CreateAffiliate(ctx, h, req.Body.Name, string(req.Body.Email))
	if err != nil {
		return nil, err
	}
	return oapi.CreateAffiliate201JSONResponse(affiliateResponse(a)), nil
}

// UpdateAffiliate changes an affiliate's name and email; a new email needs the caller's current password.
func (s *Server) UpdateAffiliate(ctx context.Context, req oapi.UpdateAffiliateRequestObject) (oapi.UpdateAffiliateResponseObject, error) {
	confirm := func(ctx context.Context) error {
		return s.Accounts.ConfirmPassword(ctx, caller(ctx).ID, deref(req.Body.CurrentPassword), "current_password", s.client(ctx))
	}
	a, err := s.Affiliates.UpdateAffiliate(ctx, scope(ctx), req.Id, req.Body.Name, string(req.Body.Email), confirm)
	if err != nil {
		return nil, err
	}
	return oapi.UpdateAffiliate200JSONResponse(affiliateResponse(a)), nil
}

// DeleteAffiliate deletes an affiliate and its memberships (host).
func (s *Server) DeleteAffiliate(ctx context.Context, req oapi.DeleteAffiliateRequestObject) (oapi.DeleteAffiliateResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.Affiliates.DeleteAffiliate(ctx, h, req.Id); err != nil {
		return nil, err
	}
	return oapi.DeleteAffiliate200JSONResponse{Success: true, Message: "Affiliate deleted"}, nil
}

// GetAffiliateDetails answers an affiliate with its statistics and memberships.
func (s *Server) GetAffiliateDetails(ctx context.Context, req oapi.GetAffiliateDetailsRequestObject) (oapi.GetAffiliateDetailsResponseObject, error) {
	sc := scope(ctx)
	a, err := s.Affiliates.GetAffiliate(ctx, sc, req.Id)
	if err != nil {
		return nil, err
	}
	apps, err := s.Applications.AffiliateApplications(ctx, sc, req.Id)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetAffiliateDetails200JSONResponse{Success: true}
	resp.Data.Affiliate = affiliateOf(a)
	resp.Data.Applications = make([]oapi.Application, len(apps))
	for i, app := range apps {
		resp.Data.Applications[i] = applicationOf(app)
	}
	return resp, nil
}

// GetAffiliateByUser answers a user's affiliate profile.
func (s *Server) GetAffiliateByUser(ctx context.Context, req oapi.GetAffiliateByUserRequestObject) (oapi.GetAffiliateByUserResponseObject, error) {
	a, err := s.Affiliates.AffiliateByUser(ctx, scope(ctx), req.UserId)
	if err != nil {
		return nil, err
	}
	return oapi.GetAffiliateByUser200JSONResponse(affiliateResponse(a)), nil
}
