package api

import (
	"context"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/currency"
)

// GetCurrencySettings answers the offered currencies and their RON-based rates.
func (s *Server) GetCurrencySettings(ctx context.Context, _ oapi.GetCurrencySettingsRequestObject) (oapi.GetCurrencySettingsResponseObject, error) {
	rates, updated, err := currency.StoredRates(ctx, s.Pool)
	if err != nil {
		return nil, err
	}
	resp := oapi.GetCurrencySettings200JSONResponse{Success: true}
	resp.Data.Base = oapi.CurrencyCode(currency.Base)
	resp.Data.DefaultCurrency = oapi.CurrencyCode(currency.Base)
	for _, c := range currency.Offered {
		resp.Data.Currencies = append(resp.Data.Currencies, oapi.CurrencyCode(c))
	}
	resp.Data.Rates = ratesOf(rates)
	resp.Data.UpdatedAt = updated
	return resp, nil
}

func ratesOf(rates map[string]decimal.Decimal) oapi.Rates {
	out := make(oapi.Rates, len(rates))
	for code, r := range rates {
		out[code] = r.String()
	}
	return out
}
