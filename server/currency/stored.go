package currency

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
)

// StoredRates reads the RON-based rates the platform keeps, with the time of the newest change.
func StoredRates(ctx context.Context, db queries.DBTX) (map[string]decimal.Decimal, time.Time, error) {
	rows, err := queries.New().ListCurrencyRates(ctx, db)
	if err != nil {
		return nil, time.Time{}, err
	}
	rates := make(map[string]decimal.Decimal, len(rows))
	var updated time.Time
	for _, r := range rows {
		rates[r.Currency] = r.Rate
		if r.UpdatedAt.After(updated) {
			updated = r.UpdatedAt
		}
	}
	return rates, updated, nil
}
