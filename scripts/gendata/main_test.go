package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/server/platform/citus"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

var pool *pgxpool.Pool

func TestMain(m *testing.M) { servertest.MainWithPool(m, "gendata", nil, &pool) }

// TestRollupsSumTheRowDeltas: the set-based conversions' rollup gendata writes sums, per day,
// campaign, affiliate, link and currency, what the trigger's per-row deltas sum, over conversions of
// every status, with and without a link, campaign or affiliate, refunded and at other rates.
func TestRollupsSumTheRowDeltas(t *testing.T) {
	ctx := context.Background()
	if on, err := citus.Active(ctx, pool); err != nil || on {
		t.Skipf("a Citus coordinator (%v): the row deltas' function cannot be called over a distributed table; the formulas are compared on PostgreSQL", err)
	}
	sums := `SELECT concat_ws(' ', brand_id, day, campaign_id, affiliate_id, link_id, currency, sum(conversions),
	                          sum(link_conversions), sum(revenue), sum(commission), sum(pending_commission),
	                          sum(confirmed_commission), sum(paid_commission))
	         FROM stats_deltas GROUP BY brand_id, day, campaign_id, affiliate_id, link_id, currency ORDER BY 1`
	var byRow, bySet []string
	for _, way := range []*[]string{&byRow, &bySet} {
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			for _, sql := range []string{
				`INSERT INTO brands (id, public_id, company_name, webhook_secret) VALUES ('00000000-0000-0000-0000-0000000000b1', 'brand-one', 'One', 's')`,
				`INSERT INTO affiliates (id, name, email) VALUES ('00000000-0000-0000-0000-0000000000a1', 'Ana', 'ana@example.com')`,
				`INSERT INTO campaigns (id, brand_id, name) VALUES ('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000b1', 'Spring')`,
				`ALTER TABLE conversions DISABLE TRIGGER conversions_stats`,
				`INSERT INTO conversions (brand_id, order_id, order_total, refunded_amount, currency, converted_at, source, attribution,
				                          link_id, campaign_id, affiliate_id, commission_currency, exchange_rate, commission_amount, status)
				 SELECT '00000000-0000-0000-0000-0000000000b1', 'o' || i, 100 + i, (i % 3) * 5, 'RON',
				        timestamptz '2026-11-01 10:00Z' + (i % 4) * interval '13 hours', 'api', 'link',
				        CASE WHEN i % 2 = 0 THEN md5((i % 8)::text)::uuid END, CASE WHEN i % 5 <> 0 THEN '00000000-0000-0000-0000-0000000000c1'::uuid END,
				        CASE WHEN i % 7 <> 0 THEN '00000000-0000-0000-0000-0000000000a1'::uuid END,
				        (ARRAY['RON', 'EUR'])[1 + i % 2], 1 + (i % 2) * 3.9734, i * 0.37,
				        (ARRAY['pending', 'confirmed', 'rejected', 'flagged', 'reversed', 'paid'])[1 + i % 6]
				 FROM generate_series(1, 60) i`,
			} {
				if _, err := tx.Exec(ctx, sql); err != nil {
					return err
				}
			}
			rollup := `SELECT conversion_stats_delta(v, 1) FROM conversions v`
			if way == &bySet {
				rollup = conversionRollup
			}
			if _, err := tx.Exec(ctx, rollup); err != nil {
				return err
			}
			rows, err := tx.Query(ctx, sums)
			if err != nil {
				return err
			}
			*way, err = pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				return err
			}
			var awaiting int
			if err := tx.QueryRow(ctx, `SELECT coalesce(sum(awaiting), 0) FROM review_deltas`).Scan(&awaiting); err != nil {
				return err
			}
			*way = append(*way, fmt.Sprint("awaiting ", awaiting))
			return errRollback
		})
		if !errors.Is(err, errRollback) {
			t.Fatal(err)
		}
	}
	if len(byRow) < 5 || !slices.Equal(byRow, bySet) {
		t.Errorf("the set-based rollup differs from the row deltas:\n%q\nwant\n%q", bySet, byRow)
	}
}

var errRollback = errors.New("rolled back")
