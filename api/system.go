package api

import (
	"context"
	"log/slog"
	"time"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

// GetHealth answers 200 when the database answers within two seconds, else 503.
func (s *Server) GetHealth(ctx context.Context, _ oapi.GetHealthRequestObject) (oapi.GetHealthResponseObject, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := s.Pool.Ping(ctx); err != nil {
		slog.ErrorContext(ctx, "health: database does not answer", "err", err)
		body := (&apierror.Error{Code: apierror.CodeUnavailable, Message: "Database unavailable"}).Body()
		return oapi.GetHealth503JSONResponse{Success: false, Error: body.Error, Code: body.Code}, nil
	}
	resp := oapi.GetHealth200JSONResponse{Success: true}
	resp.Data.Status = oapi.HealthResponseDataStatusOk
	resp.Data.Database = oapi.HealthResponseDataDatabaseOk
	resp.Data.Version = s.Version
	return resp, nil
}

// GetSystemConfig answers the public configuration the web app reads at start-up.
func (s *Server) GetSystemConfig(ctx context.Context, _ oapi.GetSystemConfigRequestObject) (oapi.GetSystemConfigResponseObject, error) {
	st, err := s.Emergency.State(ctx)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetSystemConfig200JSONResponse{Success: true}
	resp.Data.Maintenance = st.Maintenance
	resp.Data.DevMode = s.DemoAccounts
	resp.Data.Version = s.Version
	resp.Data.PublicUrl = s.PublicURL
	resp.Data.Email = s.Email.Enabled()
	return resp, nil
}

// CheckTlsDomain answers 200 for a host name the platform serves (its own, or a verified tracking
// domain), so a reverse proxy obtains certificates on demand for those only.
func (s *Server) CheckTlsDomain(ctx context.Context, req oapi.CheckTlsDomainRequestObject) (oapi.CheckTlsDomainResponseObject, error) {
	ok, err := s.TrackingDomains.ServesHost(ctx, req.Params.Domain)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, apierror.NotFound("The platform does not answer on this host name")
	}
	resp := oapi.CheckTlsDomain200JSONResponse{Success: true}
	resp.Data.Domain = req.Params.Domain
	return resp, nil
}
