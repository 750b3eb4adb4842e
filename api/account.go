package api

import (
	"context"
	"strings"

	"github.com/openaffiliate/platform/gen/oapi"
)

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
	profile, err := s.Accounts.ChangePassword(ctx, caller(ctx).ID, req.Body.CurrentPassword, req.Body.NewPassword)
	if err != nil {
		return nil, err
	}
	resp, err := s.signedIn(profile, "Password changed")
	return oapi.ChangePassword200JSONResponse(resp), err
}

// GetDataSummary counts every entity (host).
func (s *Server) GetDataSummary(ctx context.Context, _ oapi.GetDataSummaryRequestObject) (oapi.GetDataSummaryResponseObject, error) {
	c, err := s.Catalogue.Summary(ctx)
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
	return resp, nil
}

// ExportData answers every row of one entity as CSV (host).
func (s *Server) ExportData(ctx context.Context, req oapi.ExportDataRequestObject) (oapi.ExportDataResponseObject, error) {
	var b strings.Builder
	if err := s.Catalogue.ExportCSV(ctx, string(req.Entity), &b); err != nil {
		return nil, err
	}
	disposition := `attachment; filename="` + string(req.Entity) + `.csv"`
	return oapi.ExportData200TextcsvResponse{
		Body: strings.NewReader(b.String()), ContentLength: int64(b.Len()),
		Headers: oapi.ExportData200ResponseHeaders{ContentDisposition: &disposition},
	}, nil
}
