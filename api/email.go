package api

import (
	"context"
	"slices"

	"github.com/openaffiliate/platform/gen/oapi"
)

// RequestPasswordReset mails a reset link if the email has an account; the answer never says whether it has.
func (s *Server) RequestPasswordReset(ctx context.Context, req oapi.RequestPasswordResetRequestObject) (oapi.RequestPasswordResetResponseObject, error) {
	if err := s.Accounts.RequestPasswordReset(ctx, req.Body.Email, s.client(ctx)); err != nil {
		return nil, err
	}
	return oapi.RequestPasswordReset202JSONResponse{Success: true,
		Message: "If an account has this email, a password reset link is on its way. It works for one hour."}, nil
}

// ConfirmEmail confirms an address with the token of its confirmation mail.
func (s *Server) ConfirmEmail(ctx context.Context, req oapi.ConfirmEmailRequestObject) (oapi.ConfirmEmailResponseObject, error) {
	if err := s.Accounts.ConfirmEmail(ctx, req.Body.Token); err != nil {
		return nil, err
	}
	return oapi.ConfirmEmail200JSONResponse{Success: true, Message: "Your email address is confirmed."}, nil
}

// ResendEmailConfirmation mails the signed-in user a new confirmation link.
func (s *Server) ResendEmailConfirmation(ctx context.Context, _ oapi.ResendEmailConfirmationRequestObject) (oapi.ResendEmailConfirmationResponseObject, error) {
	if err := s.Accounts.ResendConfirmation(ctx, caller(ctx).ID); err != nil {
		return nil, err
	}
	return oapi.ResendEmailConfirmation202JSONResponse{Success: true, Message: "A confirmation link is on its way."}, nil
}

// GetEmailPreferences answers the caller's email settings.
func (s *Server) GetEmailPreferences(ctx context.Context, _ oapi.GetEmailPreferencesRequestObject) (oapi.GetEmailPreferencesResponseObject, error) {
	resp, err := s.emailPreferences(ctx)
	return oapi.GetEmailPreferences200JSONResponse(resp), err
}

// SetEmailPreferences sets the caller's mail language and the kinds of mail it stopped.
func (s *Server) SetEmailPreferences(ctx context.Context, req oapi.SetEmailPreferencesRequestObject) (oapi.SetEmailPreferencesResponseObject, error) {
	id := caller(ctx).ID
	if err := s.Accounts.SetLanguage(ctx, id, string(req.Body.Language)); err != nil {
		return nil, err
	}
	if _, err := s.Email.SetMuted(ctx, id, emailKinds(req.Body.Muted)); err != nil {
		return nil, err
	}
	resp, err := s.emailPreferences(ctx)
	return oapi.SetEmailPreferences200JSONResponse(resp), err
}

func (s *Server) emailPreferences(ctx context.Context) (oapi.EmailPreferencesResponse, error) {
	id := caller(ctx).ID
	p, err := s.Accounts.Profile(ctx, id)
	if err != nil {
		return oapi.EmailPreferencesResponse{}, err
	}
	muted, err := s.Email.Muted(ctx, id)
	if err != nil {
		return oapi.EmailPreferencesResponse{}, err
	}
	return emailPreferencesOf(s.Email.Enabled(), p.User.IsVerified, p.User.Language, muted), nil
}

// UnsubscribeEmail stops one kind of mail for the user its signed token names, without signing in.
func (s *Server) UnsubscribeEmail(ctx context.Context, req oapi.UnsubscribeEmailRequestObject) (oapi.UnsubscribeEmailResponseObject, error) {
	kind, err := s.Email.Unsubscribe(ctx, req.Params.Signature)
	if err != nil {
		return nil, err
	}
	resp := oapi.UnsubscribeEmail200JSONResponse{Success: true}
	resp.Data.Kind = oapi.EmailKind(kind)
	return resp, nil
}

func emailKinds(in []oapi.EmailKind) []string {
	out := make([]string, len(in))
	for i, k := range in {
		out[i] = string(k)
	}
	return slices.Compact(out)
}
