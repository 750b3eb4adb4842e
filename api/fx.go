package api

import (
	"context"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/currency"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

// GetFxRates answers the rates relative to the asked base (RON by default).
func (s *Server) GetFxRates(ctx context.Context, req oapi.GetFxRatesRequestObject) (oapi.GetFxRatesResponseObject, error) {
	base := currency.Base
	if req.Params.Base != nil {
		base = string(*req.Params.Base)
	}
	ron, _, err := currency.StoredRates(ctx, s.Pool)
	if err != nil {
		return nil, err
	}
	rates, err := currency.Rebase(ron, base)
	if err != nil {
		return nil, apierror.Validation("base", err.Error())
	}
	resp := oapi.GetFxRates200JSONResponse{Success: true}
	resp.Data.Base = oapi.CurrencyCode(base)
	resp.Data.Rates = ratesOf(rates)
	return resp, nil
}
