package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/applications"
	"github.com/openaffiliate/platform/server/domain/campaigns"
	"github.com/openaffiliate/platform/server/platform/paging"
)

func (s *Server) listCampaigns(ctx context.Context, view campaigns.CampaignView, p paging.Page) (oapi.CampaignListResponse, error) {
	cs, total, err := s.Campaigns.ListCampaigns(ctx, scope(ctx), view, p)
	if err != nil {
		return oapi.CampaignListResponse{}, err
	}
	return campaignList(cs, total, p), nil
}

// ListCampaigns answers a page of the campaigns the caller may see.
func (s *Server) ListCampaigns(ctx context.Context, req oapi.ListCampaignsRequestObject) (oapi.ListCampaignsResponseObject, error) {
	q := req.Params
	resp, err := s.listCampaigns(ctx, campaigns.ViewAll, sortedPage(q.Query, q.Limit, q.Offset, q.Sort, q.Order))
	return oapi.ListCampaigns200JSONResponse(resp), err
}

// ListAvailableCampaigns answers the offers an affiliate can see.
func (s *Server) ListAvailableCampaigns(ctx context.Context, req oapi.ListAvailableCampaignsRequestObject) (oapi.ListAvailableCampaignsResponseObject, error) {
	resp, err := s.listCampaigns(ctx, campaigns.ViewAvailable, pageOf(req.Params.Query, req.Params.Limit, req.Params.Offset))
	return oapi.ListAvailableCampaigns200JSONResponse(resp), err
}

// ListMyCampaigns answers a page of the campaigns an affiliate applied to.
func (s *Server) ListMyCampaigns(ctx context.Context, req oapi.ListMyCampaignsRequestObject) (oapi.ListMyCampaignsResponseObject, error) {
	q := req.Params
	p := sortedPage(q.Query, q.Limit, q.Offset, q.Sort, q.Order)
	f := campaigns.MineFilter{MembershipStatus: (*string)(q.MembershipStatus), Status: (*string)(q.Status), RunsFrom: timeOf(q.From), RunsTo: timeOf(q.To)}
	cs, total, err := s.Campaigns.ListMyCampaigns(ctx, scope(ctx), f, p)
	if err != nil {
		return nil, err
	}
	return oapi.ListMyCampaigns200JSONResponse(campaignList(cs, total, p)), nil
}

// CreateCampaign creates a campaign.
func (s *Server) CreateCampaign(ctx context.Context, req oapi.CreateCampaignRequestObject) (oapi.CreateCampaignResponseObject, error) {
	b := req.Body
	f, err := campaignFields(oapi.CampaignUpdate{
		Name: &b.Name, Description: b.Description, HomepageUrl: b.HomepageUrl, Status: b.Status,
		StartDate: b.StartDate, EndDate: b.EndDate, Budget: b.Budget, Currency: b.Currency,
		CommissionType: b.CommissionType, CommissionValue: b.CommissionValue, CommissionBase: b.CommissionBase,
		Recurring: b.Recurring, RecurringLimit: b.RecurringLimit,
		ProductRates: b.ProductRates, TierBasis: b.TierBasis, Tiers: b.Tiers,
		AttributionWindowDays: b.AttributionWindowDays, HoldingDays: b.HoldingDays, Visibility: b.Visibility, ApprovalMode: b.ApprovalMode,
	})
	if err != nil {
		return nil, err
	}
	f.BrandID = b.BrandId
	c, err := s.Campaigns.CreateCampaign(ctx, scope(ctx), f)
	if err != nil {
		return nil, err
	}
	return oapi.CreateCampaign201JSONResponse(campaignResponse(c)), nil
}

// UpdateCampaign changes the fields sent.
func (s *Server) UpdateCampaign(ctx context.Context, req oapi.UpdateCampaignRequestObject) (oapi.UpdateCampaignResponseObject, error) {
	f, err := campaignFields(*req.Body)
	if err != nil {
		return nil, err
	}
	c, err := s.Campaigns.UpdateCampaign(ctx, scope(ctx), req.Id, f)
	if err != nil {
		return nil, err
	}
	return oapi.UpdateCampaign200JSONResponse(campaignResponse(c)), nil
}

// DeleteCampaign deletes a campaign and its memberships.
func (s *Server) DeleteCampaign(ctx context.Context, req oapi.DeleteCampaignRequestObject) (oapi.DeleteCampaignResponseObject, error) {
	if err := s.Campaigns.DeleteCampaign(ctx, scope(ctx), req.Id); err != nil {
		return nil, err
	}
	return oapi.DeleteCampaign200JSONResponse{Success: true, Message: "Campaign deleted"}, nil
}

// JoinCampaign applies the caller affiliate to a campaign.
func (s *Server) JoinCampaign(ctx context.Context, req oapi.JoinCampaignRequestObject) (oapi.JoinCampaignResponseObject, error) {
	app, err := s.Applications.Join(ctx, scope(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	resp := oapi.JoinCampaign200JSONResponse{Success: true}
	resp.Data.Application = applicationOf(app)
	return resp, nil
}

// ListApplications answers a page of applications.
func (s *Server) ListApplications(ctx context.Context, req oapi.ListApplicationsRequestObject) (oapi.ListApplicationsResponseObject, error) {
	p := pageOf(req.Params.Query, req.Params.Limit, req.Params.Offset)
	var status *string
	if req.Params.Status != nil {
		st := string(*req.Params.Status)
		status = &st
	}
	apps, total, err := s.Applications.ListApplications(ctx, scope(ctx), status, req.Params.CampaignId, req.Params.AffiliateId, p)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListApplications200JSONResponse{Success: true}
	resp.Data.Applications = make([]oapi.Application, len(apps))
	for i, a := range apps {
		resp.Data.Applications[i] = applicationOf(a)
	}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp, nil
}

// ApproveApplication approves an application.
func (s *Server) ApproveApplication(ctx context.Context, req oapi.ApproveApplicationRequestObject) (oapi.ApproveApplicationResponseObject, error) {
	app, err := s.Applications.Decide(ctx, scope(ctx), req.Id, applications.StatusApproved)
	if err != nil {
		return nil, err
	}
	resp := oapi.ApproveApplication200JSONResponse{Success: true}
	resp.Data.Application = applicationOf(app)
	return resp, nil
}

// RejectApplication rejects an application.
func (s *Server) RejectApplication(ctx context.Context, req oapi.RejectApplicationRequestObject) (oapi.RejectApplicationResponseObject, error) {
	app, err := s.Applications.Decide(ctx, scope(ctx), req.Id, applications.StatusRejected)
	if err != nil {
		return nil, err
	}
	resp := oapi.RejectApplication200JSONResponse{Success: true}
	resp.Data.Application = applicationOf(app)
	return resp, nil
}

// ListCampaignInvitations answers who was invited to one of the caller brand's campaigns.
func (s *Server) ListCampaignInvitations(ctx context.Context, req oapi.ListCampaignInvitationsRequestObject) (oapi.ListCampaignInvitationsResponseObject, error) {
	list, err := s.Applications.Invitations(ctx, scope(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	resp := oapi.ListCampaignInvitations200JSONResponse{Success: true}
	resp.Data.Invitations = make([]oapi.Invitation, len(list))
	for i, inv := range list {
		resp.Data.Invitations[i] = invitationOf(inv)
	}
	return resp, nil
}

// InviteAffiliate invites an affiliate, by its email, to one of the caller brand's campaigns.
func (s *Server) InviteAffiliate(ctx context.Context, req oapi.InviteAffiliateRequestObject) (oapi.InviteAffiliateResponseObject, error) {
	inv, err := s.Applications.Invite(ctx, scope(ctx), req.Id, req.Body.Email)
	if err != nil {
		return nil, err
	}
	resp := oapi.InviteAffiliate201JSONResponse{Success: true}
	resp.Data.Invitation = invitationOf(inv)
	return resp, nil
}

// WithdrawInvitation withdraws an invitation.
func (s *Server) WithdrawInvitation(ctx context.Context, req oapi.WithdrawInvitationRequestObject) (oapi.WithdrawInvitationResponseObject, error) {
	if err := s.Applications.Uninvite(ctx, scope(ctx), req.Id, req.InvitationId); err != nil {
		return nil, err
	}
	return oapi.WithdrawInvitation200JSONResponse{Success: true, Message: "Invitation withdrawn"}, nil
}
