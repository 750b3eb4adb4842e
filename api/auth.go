package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/accounts"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
)

// Signup creates a brand or affiliate account and signs it in.
func (s *Server) Signup(ctx context.Context, req oapi.SignupRequestObject) (oapi.SignupResponseObject, error) {
	b := req.Body
	in := accounts.SignupInput{
		Email: string(b.Email), Password: b.Password, FirstName: b.FirstName, LastName: b.LastName,
		AccountType: string(b.AccountType),
	}
	if b.CompanyName != nil {
		in.CompanyName = *b.CompanyName
	}
	if b.PreferredBrandId != nil {
		in.PreferredBrandID = *b.PreferredBrandId
	}
	in.Domain = deref(b.Domain)
	in.InviteToken = deref(b.InviteToken)
	if b.Language != nil {
		in.Language = string(*b.Language)
	}
	if err := s.Accounts.AdmitSignup(ctx, s.client(ctx).AddressKey); err != nil {
		return nil, err
	}
	profile, err := s.Accounts.Signup(ctx, in)
	if err != nil {
		return nil, err
	}
	resp, err := s.signedIn(profile, "Account created successfully!")
	return oapi.Signup201JSONResponse(resp), err
}

// Login signs a user in with email and password.
func (s *Server) Login(ctx context.Context, req oapi.LoginRequestObject) (oapi.LoginResponseObject, error) {
	profile, err := s.Accounts.Login(ctx, req.Body.Email, req.Body.Password, s.client(ctx))
	if err != nil {
		return nil, err
	}
	resp, err := s.signedIn(profile, "Login successful!")
	return oapi.Login200JSONResponse(resp), err
}

// DevLogin signs in as a seeded demo account; it exists only in dev mode on a loopback PUBLIC_URL,
// for a connection from the loopback interface.
func (s *Server) DevLogin(ctx context.Context, req oapi.DevLoginRequestObject) (oapi.DevLoginResponseObject, error) {
	if !s.DemoAccounts {
		return nil, apierror.NotFound("Dev mode is off")
	}
	profile, err := s.Accounts.DevLogin(ctx, string(req.Body.AccountType), s.client(ctx))
	if err != nil {
		return nil, err
	}
	resp, err := s.signedIn(profile, "Login successful!")
	return oapi.DevLogin200JSONResponse(resp), err
}

func (s *Server) signedIn(p accounts.Profile, message string) (oapi.AuthResponse, error) {
	token, err := s.Tokens.Issue(p.User.ID, p.User.AccountType, p.User.SessionGeneration)
	if err != nil {
		return oapi.AuthResponse{}, err
	}
	resp := oapi.AuthResponse{Success: true, Message: message}
	resp.Data.Jwt = token
	resp.Data.User = userOf(p)
	return resp, nil
}

// GetMe answers the signed-in user.
func (s *Server) GetMe(ctx context.Context, _ oapi.GetMeRequestObject) (oapi.GetMeResponseObject, error) {
	resp, err := s.currentUser(ctx)
	return oapi.GetMe200JSONResponse(resp), err
}

func (s *Server) currentUser(ctx context.Context) (oapi.UserResponse, error) {
	caller, _ := auth.UserFrom(ctx)
	profile, err := s.Accounts.Profile(ctx, caller.ID)
	if err != nil {
		return oapi.UserResponse{}, err
	}
	resp := oapi.UserResponse{Success: true}
	resp.Data.User = userOf(profile)
	return resp, nil
}

// Logout revokes the token the request came with.
func (s *Server) Logout(ctx context.Context, _ oapi.LogoutRequestObject) (oapi.LogoutResponseObject, error) {
	caller, _ := auth.UserFrom(ctx)
	if err := s.Accounts.Revoke(ctx, caller.Session); err != nil {
		return nil, err
	}
	return oapi.Logout200JSONResponse{Success: true, Message: "Logged out successfully"}, nil
}

// ResetPassword sets a new password with a one-time token.
func (s *Server) ResetPassword(ctx context.Context, req oapi.ResetPasswordRequestObject) (oapi.ResetPasswordResponseObject, error) {
	if err := s.Accounts.AdmitPasswordReset(ctx, s.client(ctx).AddressKey); err != nil {
		return nil, err
	}
	if err := s.Accounts.ResetPassword(ctx, req.Body.Token, req.Body.NewPassword); err != nil {
		return nil, err
	}
	return oapi.ResetPassword200JSONResponse{Success: true,
		Message: "Password has been reset successfully! You will be redirected to the login page."}, nil
}

// UpdateProfile changes the signed-in user's name and company.
func (s *Server) UpdateProfile(ctx context.Context, req oapi.UpdateProfileRequestObject) (oapi.UpdateProfileResponseObject, error) {
	p, err := s.Accounts.UpdateProfile(ctx, caller(ctx).ID, req.Body.FirstName, req.Body.LastName, deref(req.Body.CompanyName))
	if err != nil {
		return nil, err
	}
	resp := oapi.UpdateProfile200JSONResponse{Success: true}
	resp.Data.User = userOf(p)
	return resp, nil
}

// ChangePassword changes the signed-in user's password, which ends every session of the user,
// and answers a fresh token for the caller.
func (s *Server) ChangePassword(ctx context.Context, req oapi.ChangePasswordRequestObject) (oapi.ChangePasswordResponseObject, error) {
	profile, err := s.Accounts.ChangePassword(ctx, caller(ctx).ID, req.Body.CurrentPassword, req.Body.NewPassword, s.client(ctx))
	if err != nil {
		return nil, err
	}
	resp, err := s.signedIn(profile, "Password changed")
	return oapi.ChangePassword200JSONResponse(resp), err
}
