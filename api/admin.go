package api

import (
	"context"
	"net/url"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/auth"
)

// CreateHost creates another host account (host only).
func (s *Server) CreateHost(ctx context.Context, req oapi.CreateHostRequestObject) (oapi.CreateHostResponseObject, error) {
	caller, _ := auth.UserFrom(ctx)
	b := req.Body
	profile, err := s.Accounts.CreateHost(ctx, &caller.ID, string(b.Email), b.Password, b.FirstName, b.LastName)
	if err != nil {
		return nil, err
	}
	resp := oapi.CreateHost201JSONResponse{Success: true}
	resp.Data.User = userOf(profile)
	return resp, nil
}

// CreateResetLink issues a one-time password reset link for a user (host only).
func (s *Server) CreateResetLink(ctx context.Context, req oapi.CreateResetLinkRequestObject) (oapi.CreateResetLinkResponseObject, error) {
	caller, _ := auth.UserFrom(ctx)
	token, expires, err := s.Accounts.IssueResetToken(ctx, caller.ID, req.Id)
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
	caller, _ := auth.UserFrom(ctx)
	token, expires, err := s.Accounts.IssueAffiliateInvite(ctx, caller.ID, req.Id)
	if err != nil {
		return nil, err
	}
	resp := oapi.CreateAffiliateInviteLink201JSONResponse{Success: true}
	resp.Data.InviteUrl = s.PublicURL + "/auth?invite=" + url.QueryEscape(token)
	resp.Data.ExpiresAt = expires
	return resp, nil
}
