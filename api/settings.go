package api

import (
	"context"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/domain/currency"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
)

// currencySettings are the offered currencies and their RON-based rates.
func (s *Server) currencySettings(ctx context.Context) (oapi.CurrencySettingsResponse, error) {
	rates, updated, err := currency.StoredRates(ctx, s.Pool)
	if err != nil {
		return oapi.CurrencySettingsResponse{}, err
	}
	resp := oapi.CurrencySettingsResponse{Success: true}
	resp.Data.Base = oapi.CurrencyCode(currency.Base)
	resp.Data.DefaultCurrency = oapi.CurrencyCode(currency.Base)
	for _, c := range currency.Offered {
		resp.Data.Currencies = append(resp.Data.Currencies, oapi.CurrencyCode(c))
	}
	resp.Data.Rates = ratesOf(rates)
	resp.Data.UpdatedAt = updated
	return resp, nil
}

// GetCurrencySettings answers the offered currencies and their RON-based rates.
func (s *Server) GetCurrencySettings(ctx context.Context, _ oapi.GetCurrencySettingsRequestObject) (oapi.GetCurrencySettingsResponseObject, error) {
	resp, err := s.currencySettings(ctx)
	if err != nil {
		return nil, err
	}
	return oapi.GetCurrencySettings200JSONResponse(resp), nil
}

// SetCurrencyRates changes the platform's exchange rates (host).
func (s *Server) SetCurrencyRates(ctx context.Context, req oapi.SetCurrencyRatesRequestObject) (oapi.SetCurrencyRatesResponseObject, error) {
	h, err := hostScope(ctx)
	if err != nil {
		return nil, err
	}
	changes := map[string]decimal.Decimal{}
	for code, text := range map[string]*amount.Text{"EUR": req.Body.Rates.EUR, "USD": req.Body.Rates.USD} {
		if text == nil {
			continue
		}
		rate, err := text.Decimal()
		if err != nil {
			return nil, apierror.Invalid("rates."+code, "decimal", "The rate is not a number")
		}
		changes[code] = rate
	}
	if len(changes) == 0 {
		return nil, apierror.Invalid("rates", "required", "Give at least one rate")
	}
	if err := currency.SetRates(ctx, s.Pool, h, changes); err != nil {
		return nil, err
	}
	resp, err := s.currencySettings(ctx)
	if err != nil {
		return nil, err
	}
	return oapi.SetCurrencyRates200JSONResponse(resp), nil
}
