package currency

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/domain/activity"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/change"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// StoredRates reads the RON-based rates the platform keeps, with the time of the newest change.
func StoredRates(ctx context.Context, db dbtx.DB) (map[string]decimal.Decimal, time.Time, error) {
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

// SetRates changes what 1 RON is worth in other currencies, as the host asks (actor), and writes
// the rates before and after to the activity log. RON, the base, stays 1. Stored, the change is
// published (change.Rates), so caches of the rates read them again.
func SetRates(ctx context.Context, pool *pgxpool.Pool, h tenancy.HostScope, changes map[string]decimal.Decimal) error {
	if err := h.Check(); err != nil {
		return err
	}
	for code, rate := range changes {
		switch {
		case code == Base:
			return apierror.Invalid("rates."+code, "enum", "RON is the base: its rate is always 1")
		case rate.LessThan(MinRate):
			return apierror.Invalid("rates."+code, "minimum", "A rate is at least "+MinRate.String())
		case rate.GreaterThan(MaxRate):
			return apierror.Invalid("rates."+code, "maximum", "A rate is at most "+MaxRate.String())
		case !rate.Equal(rate.Round(rateScale)):
			return apierror.Invalid("rates."+code, "decimal", "A rate has at most 10 decimals")
		}
	}
	q := queries.New()
	err := dbtx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		rows, err := q.LockCurrencyRates(ctx, tx)
		if err != nil {
			return err
		}
		before := map[string]string{}
		for _, r := range rows {
			before[r.Currency] = r.Rate.String()
		}
		after := map[string]string{}
		for code, rate := range changes {
			if err := q.SetCurrencyRate(ctx, tx, queries.SetCurrencyRateParams{Currency: code, Rate: rate}); err != nil {
				return err
			}
			after[code] = rate.String()
		}
		return activity.Log(ctx, tx, h.Actor(), activity.RatesChanged, Base, map[string]any{"before": before, "after": after})
	})
	if err == nil {
		change.Of(pool).Publish(ctx, change.Event{Kind: change.Rates})
	}
	return err
}
