package citus_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/server/platform/citus"
	"github.com/openaffiliate/platform/server/testkit/servertest"
)

var pool *pgxpool.Pool

var errRollback = errors.New("rolled back")

func TestMain(m *testing.M) { servertest.MainWithPool(m, "citus", nil, &pool) }

// TestEveryTableHasAPlace: each table of the migrated schema is distributed, a reference table, the
// coordinator's own or left plain, so a new table's place is decided where it is made.
func TestEveryTableHasAPlace(t *testing.T) {
	ctx := context.Background()
	plan, err := citus.Plan(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		table string
		kind  citus.Kind
	}{
		{"campaigns", citus.Distributed}, {"conversions", citus.Distributed}, {"clicks", citus.Distributed},
		{"brands", citus.ReferenceT}, {"short_codes", citus.ReferenceT}, {"activity_log", citus.LocalT},
		{"river_job", citus.PlainT},
	} {
		if plan[want.table] != want.kind {
			t.Errorf("%s is planned %q, want %q", want.table, plan[want.table], want.kind)
		}
	}
	for _, list := range [][]string{citus.Reference, citus.Local, citus.Plain} {
		for _, table := range list {
			if _, ok := plan[table]; !ok {
				t.Errorf("%s is listed in server/platform/citus but the schema has no such table", table)
			}
		}
	}
}

// TestANewTableMustBePlaced: a table without brand_id in no list is refused by name.
func TestANewTableMustBePlaced(t *testing.T) {
	ctx := context.Background()
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `CREATE TABLE unplaced (id int PRIMARY KEY)`); err != nil {
			return err
		}
		_, err := citus.Plan(ctx, tx)
		if err == nil || !strings.Contains(err.Error(), "unplaced") {
			t.Errorf("a table in no list: %v, want an error naming it", err)
		}
		return errRollback
	})
	if !errors.Is(err, errRollback) {
		t.Fatal(err)
	}
}

// TestDistributedWhereCitusIs: on a Citus coordinator (make test-citus) every table is where the plan
// puts it after the migrations; on PostgreSQL without Citus, Distribute changes nothing.
func TestDistributedWhereCitusIs(t *testing.T) {
	ctx := context.Background()
	moved, err := citus.Distribute(ctx, pool)
	if err != nil || len(moved) > 0 {
		t.Fatalf("Distribute after the migrations moved %v (%v): every table should be in place", moved, err)
	}
	active, err := citus.Active(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	if !active {
		t.Skip("not a Citus coordinator: nothing else to check (make test-citus runs this on a cluster)")
	}
	var distributed int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_dist_partition WHERE partmethod = 'h'`).Scan(&distributed); err != nil {
		t.Fatal(err)
	}
	if distributed < 20 {
		t.Errorf("%d distributed tables", distributed)
	}
}
