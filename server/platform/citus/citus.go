// Package citus spreads the schema over a Citus cluster: the brand-owned tables distributed by
// brand_id and co-located with campaigns, the tables read without a brand copied to every node
// (reference tables), the server's own bookkeeping kept on the coordinator. On a PostgreSQL
// without the citus extension, or with no worker node, it does nothing: docs/scaling.md.
package citus

import (
	"context"
	"fmt"
	"log/slog"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/openaffiliate/platform/server/platform/dbtx"
)

// Anchor is the table every brand-owned table is co-located with.
const Anchor = "campaigns"

// Reference tables are read without a brand (the redirect's codes and domains, sign-in by email,
// an API key by its hash, the tenants themselves) or with every brand's row (the brands' own
// domains, shown in the brand lists), and copied to every node. They are small and seldom written.
var Reference = []string{
	"affiliates", "api_keys", "brand_domains", "brands", "currency_rates", "short_codes", "tracking_domains", "users",
}

// Local tables are the coordinator's: the platform's log and inboxes, read across brands, and
// the server's sessions, limits and switches. Those with a foreign key to a reference table must be
// in Citus's metadata (citus local tables); all of them are, alike.
var Local = []string{
	"activity_log", "affiliate_invites", "email_confirmation_tokens", "email_preferences", "idempotency_keys",
	"notification_preferences", "notifications", "password_reset_tokens", "platform_state", "rate_limit_hits",
	"revoked_tokens",
}

// Plain tables stay out of Citus's metadata: the migration tool's version and River's job queue,
// which only the server reads and which no other table references.
var Plain = []string{"river_job", "river_leader", "river_migration", "river_notification", "river_queue", "schema_migrations"}

// Kind is where a table lives on the cluster.
type Kind string

const (
	Distributed Kind = "distributed"
	ReferenceT  Kind = "reference"
	LocalT      Kind = "local"
	PlainT      Kind = "plain"
)

// Plan answers the kind each table of the public schema should have: Reference, Local and Plain
// as listed, every other table with a brand_id column distributed by it. A table that is neither
// listed nor has brand_id is an error naming it, so a new table's place is a decision.
func Plan(ctx context.Context, db Querier) (map[string]Kind, error) {
	rows, err := db.Query(ctx, `
		SELECT c.relname, EXISTS (SELECT 1 FROM pg_attribute a
		                          WHERE a.attrelid = c.oid AND a.attname = 'brand_id' AND NOT a.attisdropped)
		FROM pg_class c
		WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
		ORDER BY 1`)
	if err != nil {
		return nil, err
	}
	type table struct {
		name  string
		brand bool
	}
	tables, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (table, error) {
		var t table
		return t, r.Scan(&t.name, &t.brand)
	})
	if err != nil {
		return nil, err
	}
	plan := make(map[string]Kind, len(tables))
	for _, t := range tables {
		switch {
		case slices.Contains(Reference, t.name):
			plan[t.name] = ReferenceT
		case slices.Contains(Local, t.name):
			plan[t.name] = LocalT
		case slices.Contains(Plain, t.name):
			plan[t.name] = PlainT
		case t.brand:
			plan[t.name] = Distributed
		default:
			return nil, fmt.Errorf("citus: table %s has no brand_id and is in no list of server/platform/citus: decide where it lives", t.name)
		}
	}
	return plan, nil
}

// Querier is a pool, a connection or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Active answers whether the database is a Citus coordinator with at least one worker.
func Active(ctx context.Context, db Querier) (bool, error) {
	workers, err := Workers(ctx, db)
	return len(workers) > 0, err
}

// Workers answers the host:port of each active worker when the database is a Citus coordinator,
// none otherwise (pg_dist_node exists only with the extension).
func Workers(ctx context.Context, db Querier) ([]string, error) {
	rows, err := db.Query(ctx, `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus')`)
	if err != nil {
		return nil, err
	}
	installed, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[bool])
	if err != nil || !installed {
		return nil, err
	}
	rows, err = db.Query(ctx, `SELECT nodename || ':' || nodeport FROM pg_dist_node WHERE groupid <> 0 AND isactive ORDER BY nodeid`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// Distribute gives every table of the public schema its planned place, in one transaction, and
// answers the tables it moved (none when all are in place, or when the database is not a Citus
// coordinator with workers). It runs after the migrations, so a table a later migration adds is
// placed the next time the server starts. A table's rows move with it: on a large database this
// takes a while and blocks writes to the tables being moved.
func Distribute(ctx context.Context, pool *pgxpool.Pool) ([]string, error) {
	active, err := Active(ctx, pool)
	if err != nil || !active {
		return nil, err
	}
	var moved []string
	err = dbtx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		moved = nil // a run again after a deadlock starts over
		// Foreign keys to reference and local tables need one connection per node for the whole
		// transaction; the rollup triggers are kept (see docs/scaling.md, "Triggers").
		if _, err := tx.Exec(ctx, `SET LOCAL citus.multi_shard_modify_mode TO sequential;
			SET LOCAL citus.enable_unsafe_triggers TO on`); err != nil {
			return err
		}
		plan, err := Plan(ctx, tx)
		if err != nil {
			return err
		}
		current, err := placed(ctx, tx)
		if err != nil {
			return err
		}
		for name, want := range plan {
			if current[name] != want {
				moved = append(moved, name)
			}
		}
		if len(moved) == 0 {
			return nil
		}
		slices.Sort(moved)
		// A table cannot be distributed while a foreign key ties it to a table that is not: the keys
		// of every moving table are dropped and made again once all have moved.
		keys, err := dropKeys(ctx, tx, moved)
		if err != nil {
			return err
		}
		order := append([]string{}, moved...)
		// The anchor first: the other brand-owned tables are co-located with it.
		slices.SortStableFunc(order, func(a, b string) int {
			return boolInt(a != Anchor) - boolInt(b != Anchor)
		})
		for _, name := range order {
			if err := place(ctx, tx, name, current[name], plan[name]); err != nil {
				return fmt.Errorf("citus: %s as a %s table: %w", name, plan[name], err)
			}
		}
		for _, k := range keys {
			if _, err := tx.Exec(ctx, fmt.Sprintf("ALTER TABLE %s ADD CONSTRAINT %s %s",
				pgx.Identifier{k.table}.Sanitize(), pgx.Identifier{k.name}.Sanitize(), k.def)); err != nil {
				return fmt.Errorf("citus: foreign key %s of %s: %w", k.name, k.table, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(moved) > 0 {
		slog.Info("citus: tables placed on the cluster", "tables", moved)
	}
	return moved, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// placed answers where each table of the public schema is now.
func placed(ctx context.Context, tx pgx.Tx) (map[string]Kind, error) {
	rows, err := tx.Query(ctx, `
		SELECT c.relname,
		       CASE WHEN p.partmethod = 'h' THEN 'distributed'
		            WHEN p.partmethod = 'n' AND p.repmodel = 't' THEN 'reference'
		            WHEN p.partmethod = 'n' THEN 'local'
		            ELSE 'plain' END
		FROM pg_class c
		LEFT JOIN pg_dist_partition p ON p.logicalrelid = c.oid
		WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition`)
	if err != nil {
		return nil, err
	}
	current := map[string]Kind{}
	for rows.Next() {
		var name, kind string
		if err := rows.Scan(&name, &kind); err != nil {
			return nil, err
		}
		current[name] = Kind(kind)
	}
	return current, rows.Err()
}

type foreignKey struct{ table, name, def string }

// dropKeys drops the foreign keys from or to the given tables and answers their definitions.
func dropKeys(ctx context.Context, tx pgx.Tx, tables []string) ([]foreignKey, error) {
	rows, err := tx.Query(ctx, `
		SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)
		FROM pg_constraint
		WHERE contype = 'f' AND connamespace = 'public'::regnamespace
		  AND (conrelid::regclass::text = ANY ($1) OR confrelid::regclass::text = ANY ($1))
		ORDER BY 1, 2`, tables)
	if err != nil {
		return nil, err
	}
	keys, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (foreignKey, error) {
		var k foreignKey
		return k, r.Scan(&k.table, &k.name, &k.def)
	})
	if err != nil {
		return nil, err
	}
	for _, k := range keys {
		if _, err := tx.Exec(ctx, fmt.Sprintf("ALTER TABLE %s DROP CONSTRAINT %s",
			pgx.Identifier{k.table}.Sanitize(), pgx.Identifier{k.name}.Sanitize())); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// place moves one table from where it is to where it should be.
func place(ctx context.Context, tx pgx.Tx, name string, from, to Kind) error {
	if from == LocalT && to != LocalT || from == Distributed || from == ReferenceT {
		// Citus added it to its metadata by itself (a foreign key to a reference table), or it was
		// placed otherwise before: back to a plain table first.
		if _, err := tx.Exec(ctx, `SELECT undistribute_table($1::regclass)`, name); err != nil {
			return err
		}
	}
	var err error
	switch to {
	case Distributed:
		if name == Anchor {
			_, err = tx.Exec(ctx, `SELECT create_distributed_table($1::regclass, 'brand_id')`, name)
		} else {
			_, err = tx.Exec(ctx, `SELECT create_distributed_table($1::regclass, 'brand_id', colocate_with => $2)`, name, Anchor)
		}
	case ReferenceT:
		_, err = tx.Exec(ctx, `SELECT create_reference_table($1::regclass)`, name)
	case LocalT:
		_, err = tx.Exec(ctx, `SELECT citus_add_local_table_to_metadata($1::regclass)`, name)
	case PlainT:
	}
	if err != nil || from != PlainT || (to != Distributed && to != ReferenceT) {
		return err
	}
	// The rows were copied to the shards; the coordinator's own copy is dead weight.
	_, err = tx.Exec(ctx, `SELECT truncate_local_data_after_distributing_table($1::regclass)`, name)
	return err
}
