package api

import (
	"context"
	"fmt"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/apierror"
	"github.com/openaffiliate/platform/server/catalogue"
)

func campaignList(cs []catalogue.Campaign, total int, p catalogue.Page) oapi.CampaignListResponse {
	resp := oapi.CampaignListResponse{Success: true}
	resp.Data.Campaigns = make([]oapi.Campaign, len(cs))
	for i, c := range cs {
		resp.Data.Campaigns[i] = campaignOf(c)
	}
	resp.Data.Total = total
	resp.Data.Limit, resp.Data.Offset = pageInfo(p)
	return resp
}

func (s *Server) listCampaigns(ctx context.Context, view catalogue.CampaignView, p catalogue.Page) (oapi.CampaignListResponse, error) {
	cs, total, err := s.Catalogue.ListCampaigns(ctx, scope(ctx), view, p)
	if err != nil {
		return oapi.CampaignListResponse{}, err
	}
	return campaignList(cs, total, p), nil
}

// ListCampaigns answers a page of the campaigns the caller may see.
func (s *Server) ListCampaigns(ctx context.Context, req oapi.ListCampaignsRequestObject) (oapi.ListCampaignsResponseObject, error) {
	q := req.Params
	resp, err := s.listCampaigns(ctx, catalogue.ViewAll, sortedPage(q.Query, q.Limit, q.Offset, q.Sort, q.Order))
	return oapi.ListCampaigns200JSONResponse(resp), err
}

// ListAvailableCampaigns answers the offers an affiliate can see.
func (s *Server) ListAvailableCampaigns(ctx context.Context, req oapi.ListAvailableCampaignsRequestObject) (oapi.ListAvailableCampaignsResponseObject, error) {
	resp, err := s.listCampaigns(ctx, catalogue.ViewAvailable, pageOf(req.Params.Query, req.Params.Limit, req.Params.Offset))
	return oapi.ListAvailableCampaigns200JSONResponse(resp), err
}

// ListMyCampaigns answers the campaigns an affiliate applied to.
func (s *Server) ListMyCampaigns(ctx context.Context, _ oapi.ListMyCampaignsRequestObject) (oapi.ListMyCampaignsResponseObject, error) {
	resp, err := s.listCampaigns(ctx, catalogue.ViewMine, catalogue.Page{Limit: catalogue.MaxLimit})
	return oapi.ListMyCampaigns200JSONResponse(resp), err
}

func campaignResponse(c catalogue.Campaign) oapi.CampaignResponse {
	resp := oapi.CampaignResponse{Success: true}
	resp.Data.Campaign = campaignOf(c)
	return resp
}

// CreateCampaign creates a campaign.
func (s *Server) CreateCampaign(ctx context.Context, req oapi.CreateCampaignRequestObject) (oapi.CreateCampaignResponseObject, error) {
	b := req.Body
	f, err := campaignFields(oapi.CampaignUpdate{
		Name: &b.Name, Description: b.Description, HomepageUrl: b.HomepageUrl, Status: b.Status,
		StartDate: b.StartDate, EndDate: b.EndDate, Budget: b.Budget, Currency: b.Currency,
		CommissionType: b.CommissionType, CommissionValue: b.CommissionValue,
		AttributionWindowDays: b.AttributionWindowDays, HoldingDays: b.HoldingDays, Visibility: b.Visibility, ApprovalMode: b.ApprovalMode,
	})
	if err != nil {
		return nil, err
	}
	f.BrandID = b.BrandId
	c, err := s.Catalogue.CreateCampaign(ctx, scope(ctx), f)
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
	c, err := s.Catalogue.UpdateCampaign(ctx, scope(ctx), req.Id, f)
	if err != nil {
		return nil, err
	}
	return oapi.UpdateCampaign200JSONResponse(campaignResponse(c)), nil
}

// DeleteCampaign deletes a campaign and its memberships.
func (s *Server) DeleteCampaign(ctx context.Context, req oapi.DeleteCampaignRequestObject) (oapi.DeleteCampaignResponseObject, error) {
	if err := s.Catalogue.DeleteCampaign(ctx, scope(ctx), req.Id); err != nil {
		return nil, err
	}
	return oapi.DeleteCampaign200JSONResponse{Success: true, Message: "Campaign deleted"}, nil
}

// JoinCampaign applies the caller affiliate to a campaign.
func (s *Server) JoinCampaign(ctx context.Context, req oapi.JoinCampaignRequestObject) (oapi.JoinCampaignResponseObject, error) {
	app, err := s.Catalogue.Join(ctx, scope(ctx), req.Id)
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
	apps, total, err := s.Catalogue.ListApplications(ctx, scope(ctx), status, req.Params.CampaignId, req.Params.AffiliateId, p)
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
	app, err := s.Catalogue.Decide(ctx, scope(ctx), req.Id, catalogue.StatusApproved)
	if err != nil {
		return nil, err
	}
	resp := oapi.ApproveApplication200JSONResponse{Success: true}
	resp.Data.Application = applicationOf(app)
	return resp, nil
}

// RejectApplication rejects an application.
func (s *Server) RejectApplication(ctx context.Context, req oapi.RejectApplicationRequestObject) (oapi.RejectApplicationResponseObject, error) {
	app, err := s.Catalogue.Decide(ctx, scope(ctx), req.Id, catalogue.StatusRejected)
	if err != nil {
		return nil, err
	}
	resp := oapi.RejectApplication200JSONResponse{Success: true}
	resp.Data.Application = applicationOf(app)
	return resp, nil
}

// campaignFields turns the contract's campaign fields into the catalogue's, parsing decimals exactly.
func campaignFields(b oapi.CampaignUpdate) (catalogue.CampaignFields, error) {
	f := catalogue.CampaignFields{
		Name: b.Name, Description: b.Description, HomepageURL: b.HomepageUrl, Status: b.Status,
		AttributionWindowDays: b.AttributionWindowDays,
		HoldingDays:           optional(b.HoldingDays),
		StartDate:             optionalDate(b.StartDate), EndDate: optionalDate(b.EndDate),
	}
	if b.Currency != nil {
		c := string(*b.Currency)
		f.Currency = &c
	}
	if b.CommissionType != nil {
		c := string(*b.CommissionType)
		f.CommissionType = &c
	}
	if b.Visibility != nil {
		v := string(*b.Visibility)
		f.Visibility = &v
	}
	if b.ApprovalMode != nil {
		a := string(*b.ApprovalMode)
		f.ApprovalMode = &a
	}
	budget, err := parseDecimal("budget", b.Budget)
	if err != nil {
		return f, err
	}
	if budget != nil {
		f.Budget = ptr(budget)
	}
	if f.CommissionValue, err = parseDecimal("commission_value", b.CommissionValue); err != nil {
		return f, err
	}
	var clear []oapi.CampaignUpdateClear
	if b.Clear != nil {
		clear = *b.Clear
	}
	for _, field := range clear {
		switch field {
		case oapi.CampaignUpdateClearStartDate:
			if b.StartDate != nil {
				return f, setAndCleared(field)
			}
			f.StartDate = ptr[*time.Time](nil)
		case oapi.CampaignUpdateClearEndDate:
			if b.EndDate != nil {
				return f, setAndCleared(field)
			}
			f.EndDate = ptr[*time.Time](nil)
		case oapi.CampaignUpdateClearBudget:
			if b.Budget != nil {
				return f, setAndCleared(field)
			}
			f.Budget = ptr[*decimal.Decimal](nil)
		case oapi.CampaignUpdateClearHoldingDays:
			if b.HoldingDays != nil {
				return f, setAndCleared(field)
			}
			f.HoldingDays = ptr[*int](nil)
		}
	}
	return f, nil
}

func setAndCleared(field oapi.CampaignUpdateClear) error {
	return apierror.Validation(string(field), fmt.Sprintf("%s is both set and cleared: send one or the other", field))
}

// optional turns a value that is set or absent into a field to set (nil keeps it).
func optional[T any](v *T) **T {
	if v == nil {
		return nil
	}
	return &v
}

func optionalDate(d *openapi_types.Date) **time.Time {
	if d == nil {
		return nil
	}
	t := d.Time
	return ptr(&t)
}

func ptr[T any](v T) *T { return &v }

func invitationOf(i catalogue.Invitation) oapi.Invitation {
	out := oapi.Invitation{AffiliateId: i.AffiliateID, AffiliateName: i.AffiliateName, AffiliateEmail: i.AffiliateEmail, CreatedAt: i.CreatedAt}
	if i.MembershipStatus != nil {
		m := oapi.InvitationMembershipStatus(*i.MembershipStatus)
		out.MembershipStatus = &m
	}
	return out
}

// ListCampaignInvitations answers who was invited to one of the caller brand's campaigns.
func (s *Server) ListCampaignInvitations(ctx context.Context, req oapi.ListCampaignInvitationsRequestObject) (oapi.ListCampaignInvitationsResponseObject, error) {
	list, err := s.Catalogue.Invitations(ctx, scope(ctx), req.Id)
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
	inv, err := s.Catalogue.Invite(ctx, scope(ctx), req.Id, req.Body.Email)
	if err != nil {
		return nil, err
	}
	resp := oapi.InviteAffiliate201JSONResponse{Success: true}
	resp.Data.Invitation = invitationOf(inv)
	return resp, nil
}

// WithdrawInvitation withdraws an invitation.
func (s *Server) WithdrawInvitation(ctx context.Context, req oapi.WithdrawInvitationRequestObject) (oapi.WithdrawInvitationResponseObject, error) {
	if err := s.Catalogue.Uninvite(ctx, scope(ctx), req.Id, req.AffiliateId); err != nil {
		return nil, err
	}
	return oapi.WithdrawInvitation200JSONResponse{Success: true, Message: "Invitation withdrawn"}, nil
}
