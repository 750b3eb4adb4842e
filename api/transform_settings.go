package api

import (
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
)

func ratesOf(rates map[string]decimal.Decimal) oapi.Rates {
	out := make(oapi.Rates, len(rates))
	for code, r := range rates {
		out[code] = r.String()
	}
	return out
}
