// Package analytics answers dashboards, analytics and the activity log from the daily rollups
// (daily_stats, kept by triggers and folded by fold_daily_stats), scoped to who asks.
package analytics

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/queries"
	"github.com/openaffiliate/platform/server/platform/customplans"
	"github.com/openaffiliate/platform/server/platform/daterange"
	"github.com/openaffiliate/platform/server/platform/dbtx"
	"github.com/openaffiliate/platform/server/platform/tenancy"
)

// Rollup grains: which rows of daily_stats and monthly_stats answer a query.
const (
	grainLink int16 = iota
	grainCampaign
	grainAffiliate
	grainBrand
	grainPlatform
)

// Service reads the rollups.
type Service struct {
	pool *pgxpool.Pool
	q    *queries.Queries
	now  func() time.Time
	days daterange.Calendar
}

// New builds the service; now is the clock (time.Now when nil).
func New(pool *pgxpool.Pool, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{pool: pool, q: queries.New(), now: now, days: daterange.New(now)}
}

// readRollups begins a read of the rollups in one round trip. It plans without parallel workers:
// a read is at most a few thousand rows, and starting workers took longer than that (5 to 10 ms
// on 2 busy cores, more than the whole read).
var readRollups = pgx.TxOptions{BeginQuery: "BEGIN READ ONLY; SET LOCAL max_parallel_workers_per_gather = 0"}

// read folds the waiting deltas, then answers fn's queries from one snapshot (readRollups), each
// planned with its arguments (package customplans): a query narrowed by brand, by affiliate or
// by neither then takes its own index.
func read[T any](ctx context.Context, s *Service, fn func(db queries.DBTX) (T, error)) (T, error) {
	var out T
	if _, err := s.Fold(ctx); err != nil {
		return out, err
	}
	err := dbtx.BeginTxFunc(ctx, s.pool, readRollups, func(tx pgx.Tx) error {
		var err error
		out, err = fn(customplans.Of(tx))
		return err
	})
	return out, err
}

// Fold moves the waiting deltas into the rollups; a read calls it first, so it sees every change
// committed before it (another process folding at that moment is waited for by nobody: its fold
// lands within the second).
func (s *Service) Fold(ctx context.Context) (int64, error) {
	return s.q.FoldDailyStats(ctx, s.pool)
}

// FoldLoop folds every interval until ctx ends.
func (s *Service) FoldLoop(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := s.Fold(ctx); err != nil && ctx.Err() == nil {
			slog.Warn("folding the daily rollups failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// cover is the rollup rows whose sum is a range's figures: the whole months FirstMonth to
// LastMonth of monthly_stats (none when FirstMonth is after LastMonth), and the days of daily_stats
// added to them or removed from a month read whole.
type cover struct {
	FirstMonth, LastMonth  time.Time
	AddedDays, RemovedDays []time.Time
}

// coverOf chooses the rows of a range: its whole months, and for each month at its ends whichever
// are fewer days, the days inside the range or the month less the days outside it. Days after
// today hold (almost) no rows, so a range that ends today reads its last month whole.
func coverOf(r daterange.Range, today time.Time) cover {
	c := cover{FirstMonth: month(r.First), LastMonth: month(r.Last)}
	ends := []time.Time{c.FirstMonth}
	if c.LastMonth.After(c.FirstMonth) {
		ends = append(ends, c.LastMonth)
	}
	for i, m := range ends {
		var inside, outside []time.Time
		costInside, costOutside := 0, 0
		for day := m; day.Month() == m.Month(); day = day.AddDate(0, 0, 1) {
			cost := 0
			if !day.After(today) {
				cost = 1
			}
			if day.Before(r.First) || day.After(r.Last) {
				outside, costOutside = append(outside, day), costOutside+cost
			} else {
				inside, costInside = append(inside, day), costInside+cost
			}
		}
		switch {
		case len(outside) == 0:
		case costInside <= costOutside:
			c.AddedDays = append(c.AddedDays, inside...)
			if i == 0 {
				c.FirstMonth = c.FirstMonth.AddDate(0, 1, 0)
			} else {
				c.LastMonth = c.LastMonth.AddDate(0, -1, 0)
			}
		default:
			c.RemovedDays = append(c.RemovedDays, outside...)
		}
	}
	return c
}

// month is the first day of t's month.
func month(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// Filter narrows the figures; zero values narrow nothing. The scope narrows them further.
type Filter struct {
	BrandID, CampaignID, AffiliateID uuid.NullUUID
	Currency                         string
}

// Totals are the figures of a range, amounts in the display currency. Conversions are every
// attributed one; LinkConversions those a tracking link brought (the rest came through a code).
type Totals struct {
	Clicks, UniqueClicks, Conversions, LinkConversions                          int64
	Revenue, Commission, PendingCommission, ConfirmedCommission, PaidCommission decimal.Decimal
}

// CodeConversions are the conversions a discount code brought, with no click behind them.
func (t Totals) CodeConversions() int64 { return t.Conversions - t.LinkConversions }

// ConversionRate is conversions from links per 100 clicks of the same scope (see Rate).
func (t Totals) ConversionRate() decimal.Decimal { return Rate(t.LinkConversions, t.Clicks) }

// Rate is conversions from links per 100 clicks, to 2 decimals: 0 without clicks, and at most
// 100, as a click in one range can convert in the next. Orders from discount codes have no click
// and are never counted here, or a code-only program would convert at 200 %.
func Rate(linkConversions, clicks int64) decimal.Decimal {
	if clicks <= 0 || linkConversions <= 0 {
		return decimal.Zero
	}
	if linkConversions >= clicks {
		return decimal.NewFromInt(100).Round(2)
	}
	return decimal.NewFromInt(linkConversions*100).DivRound(decimal.NewFromInt(clicks), 2)
}

// rowLimit bounds how many rows a list answers: 1 to 1000.
func rowLimit(n int) int32 { return int32(min(max(n, 1), 1000)) } //nolint:gosec // G115: bounded just before

// nobody is a filter no row matches.
var nobody = uuid.NullUUID{UUID: uuid.Nil, Valid: true}

// narrow applies the scope to a filter: a brand's figures are its own, an affiliate's its own;
// asking for another tenant's narrows to nothing.
func narrow(sc tenancy.Scope, f Filter) Filter {
	within := func(asked uuid.NullUUID, own uuid.UUID) uuid.NullUUID {
		if asked.Valid && asked.UUID != own {
			return nobody
		}
		return uuid.NullUUID{UUID: own, Valid: true}
	}
	switch {
	case sc.SeesAll():
	case sc.IsBrand():
		own, _ := sc.BrandID()
		f.BrandID = within(f.BrandID, own)
	case sc.IsAffiliate():
		own, _ := sc.AffiliateID()
		f.AffiliateID = within(f.AffiliateID, own)
	default:
		f.BrandID, f.AffiliateID = nobody, nobody
	}
	if f.Currency == "" {
		f.Currency = "RON"
	}
	return f
}

// grain is the coarsest rollup that still holds the filter's dimensions.
func (f Filter) grain() int16 {
	switch {
	case f.CampaignID.Valid && f.AffiliateID.Valid:
		return grainLink
	case f.AffiliateID.Valid:
		return grainAffiliate
	case f.CampaignID.Valid:
		return grainCampaign
	case f.BrandID.Valid:
		return grainBrand
	}
	return grainPlatform
}

// Totals answers the figures of a range.
func (s *Service) Totals(ctx context.Context, sc tenancy.Scope, f Filter, r daterange.Range) (Totals, error) {
	return read(ctx, s, func(db queries.DBTX) (Totals, error) { return s.totals(ctx, db, narrow(sc, f), r) })
}

func (s *Service) totals(ctx context.Context, db queries.DBTX, f Filter, r daterange.Range) (Totals, error) {
	c := coverOf(r, s.days.Today())
	row, err := s.q.StatsTotals(ctx, db, queries.StatsTotalsParams{
		Display: f.Currency, Grain: f.grain(), FirstMonth: c.FirstMonth, LastMonth: c.LastMonth,
		AddedDays: c.AddedDays, RemovedDays: c.RemovedDays,
		BrandID: f.BrandID, CampaignID: f.CampaignID, AffiliateID: f.AffiliateID,
	})
	if err != nil {
		return Totals{}, err
	}
	return Totals{
		Clicks: row.Clicks, UniqueClicks: row.UniqueClicks, Conversions: row.Conversions, LinkConversions: row.LinkConversions,
		Revenue: row.Revenue, Commission: row.Commission, PendingCommission: row.PendingCommission,
		ConfirmedCommission: row.ConfirmedCommission, PaidCommission: row.PaidCommission,
	}, nil
}

// DayFigures are one day's figures.
type DayFigures struct {
	Day                               time.Time
	Clicks, UniqueClicks, Conversions int64
	Revenue, Commission               decimal.Decimal
}

// Timeseries answers one bucket per day of the range, oldest first, zeros where nothing happened.
func (s *Service) Timeseries(ctx context.Context, sc tenancy.Scope, f Filter, r daterange.Range) ([]DayFigures, error) {
	f = narrow(sc, f)
	rows, err := read(ctx, s, func(db queries.DBTX) ([]queries.StatsByDayRow, error) {
		return s.q.StatsByDay(ctx, db, queries.StatsByDayParams{
			Display: f.Currency, Grain: f.grain(), FirstDay: r.First, LastDay: r.Last,
			BrandID: f.BrandID, CampaignID: f.CampaignID, AffiliateID: f.AffiliateID,
		})
	})
	if err != nil {
		return nil, err
	}
	out := make([]DayFigures, 0, r.Days())
	i := 0
	for day := r.First; !day.After(r.Last); day = day.AddDate(0, 0, 1) {
		b := DayFigures{Day: day}
		if i < len(rows) && daterange.Day(rows[i].Day).Equal(day) {
			row := rows[i]
			b = DayFigures{Day: day, Clicks: row.Clicks, UniqueClicks: row.UniqueClicks, Conversions: row.Conversions,
				Revenue: row.Revenue, Commission: row.Commission}
			i++
		}
		out = append(out, b)
	}
	return out, nil
}

// CampaignFigures are a campaign's figures in a range.
type CampaignFigures struct {
	CampaignID   uuid.UUID
	CampaignName string
	BrandName    string
	Clicks       int64
	Conversions  int64
	Revenue      decimal.Decimal
	Commission   decimal.Decimal
}

func campaignFiguresOf(r queries.StatsByCampaignRow) CampaignFigures {
	return CampaignFigures{CampaignID: r.CampaignID, CampaignName: r.CampaignName, BrandName: r.BrandName,
		Clicks: r.Clicks, Conversions: r.Conversions, Revenue: r.Revenue, Commission: r.Commission}
}

// TopCampaigns answers at most limit campaigns of the range, highest revenue first.
func (s *Service) TopCampaigns(ctx context.Context, sc tenancy.Scope, f Filter, r daterange.Range, limit int) ([]CampaignFigures, error) {
	return read(ctx, s, func(db queries.DBTX) ([]CampaignFigures, error) {
		return s.topCampaigns(ctx, db, narrow(sc, f), r, limit)
	})
}

func (s *Service) topCampaigns(ctx context.Context, db queries.DBTX, f Filter, r daterange.Range, limit int) ([]CampaignFigures, error) {
	grain := grainCampaign
	if f.AffiliateID.Valid {
		grain = grainLink
	}
	c := coverOf(r, s.days.Today())
	rows, err := s.q.StatsByCampaign(ctx, db, queries.StatsByCampaignParams{
		Display: f.Currency, Grain: grain, FirstMonth: c.FirstMonth, LastMonth: c.LastMonth,
		AddedDays: c.AddedDays, RemovedDays: c.RemovedDays,
		BrandID: f.BrandID, CampaignID: f.CampaignID, AffiliateID: f.AffiliateID, MaxRows: rowLimit(limit),
	})
	return dbtx.Each(rows, err, campaignFiguresOf)
}

// AffiliateFigures are an affiliate's figures in a range.
type AffiliateFigures struct {
	AffiliateID   uuid.UUID
	AffiliateName string
	Clicks        int64
	Conversions   int64
	Revenue       decimal.Decimal
	Commission    decimal.Decimal
}

func affiliateFiguresOf(r queries.StatsByAffiliateRow) AffiliateFigures {
	return AffiliateFigures{AffiliateID: r.AffiliateID, AffiliateName: r.AffiliateName, Clicks: r.Clicks,
		Conversions: r.Conversions, Revenue: r.Revenue, Commission: r.Commission}
}

// TopAffiliates answers at most limit affiliates of a brand's program (the host: of every
// program) in the range, highest revenue first.
func (s *Service) TopAffiliates(ctx context.Context, sc tenancy.Scope, f Filter, r daterange.Range, limit int) ([]AffiliateFigures, error) {
	f = narrow(sc, f)
	if sc.IsAffiliate() {
		f.BrandID = nobody
	}
	c := coverOf(r, s.days.Today())
	return read(ctx, s, func(db queries.DBTX) ([]AffiliateFigures, error) {
		rows, err := s.q.StatsByAffiliate(ctx, db, queries.StatsByAffiliateParams{
			Display: f.Currency, Grain: grainAffiliate, FirstMonth: c.FirstMonth, LastMonth: c.LastMonth,
			AddedDays: c.AddedDays, RemovedDays: c.RemovedDays, BrandID: f.BrandID, MaxRows: rowLimit(limit),
		})
		return dbtx.Each(rows, err, affiliateFiguresOf)
	})
}
